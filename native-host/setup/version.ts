/** The host's own version, replaced at bundle time by native-host/build.ts. */
declare const __HOST_VERSION__: string | undefined;
export const HOST_VERSION: string = typeof __HOST_VERSION__ === "string" ? __HOST_VERSION__ : "0.0.0-dev";
