// The inspector page's files are imported as text (scripts/build.mjs's text loader).
declare module '*/page/index.html' {
  const text: string;
  export default text;
}
declare module '*/page/app.css' {
  const text: string;
  export default text;
}
declare module '*/page/app.js' {
  const text: string;
  export default text;
}
declare module '*/page/icon.svg' {
  const text: string;
  export default text;
}
