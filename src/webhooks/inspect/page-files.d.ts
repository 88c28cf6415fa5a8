// The inspector page's files are imported as text (scripts/build.mjs's text loader).
declare module '*/page/index.html' {
  const text: string;
  export default text;
}
declare module '*/page/app.css' {
  const text: string;
  export default text;
}
declare module '*/page/delivery.css' {
  const text: string;
  export default text;
}
declare module '*/page/list.css' {
  const text: string;
  export default text;
}
declare module '*/page/page-states.css' {
  const text: string;
  export default text;
}
declare module '*/page/app.js' {
  const text: string;
  export default text;
}
declare module '*/page/detail.js' {
  const text: string;
  export default text;
}
declare module '*/page/dom.js' {
  const text: string;
  export default text;
}
declare module '*/page/list.js' {
  const text: string;
  export default text;
}
declare module '*/page/replay.js' {
  const text: string;
  export default text;
}
declare module '*/page/session.js' {
  const text: string;
  export default text;
}
declare module '*/page/stream.js' {
  const text: string;
  export default text;
}
declare module '*/page/tree.js' {
  const text: string;
  export default text;
}
declare module '*/page/icon.svg' {
  const text: string;
  export default text;
}
