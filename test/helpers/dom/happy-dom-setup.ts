/**
 * Unit-project setup. happy-dom's Node.prototype.nodeName getter returns "" (capricorn86/happy-dom#2182),
 * which breaks DOMPurify >= 3.4.8 under happy-dom only (real browsers are fine): patch it before any
 * test file sanitizes. Files without the happy-dom environment have no `Node` and are left alone.
 */
if (typeof Node !== "undefined" && typeof document !== "undefined") {
  const get = Object.getOwnPropertyDescriptor(Node.prototype, "nodeName")?.get;
  if (get?.call(document.createElement("p")) !== "P") {
    Object.defineProperty(Node.prototype, "nodeName", {
      configurable: true,
      get(this: Node) {
        switch (this.nodeType) {
          case 1:
            return (this as Element).tagName;
          case 3:
            return "#text";
          case 4:
            return "#cdata-section";
          case 7:
            return (this as ProcessingInstruction).target;
          case 8:
            return "#comment";
          case 9:
            return "#document";
          case 10:
            return (this as DocumentType).name;
          case 11:
            return "#document-fragment";
          default:
            return "";
        }
      },
    });
  }
}
