import { defineBackground } from "wxt/utils/define-background";
import { startBackground } from "../background";

export default defineBackground(() => startBackground());
