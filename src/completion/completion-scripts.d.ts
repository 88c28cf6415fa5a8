// The completion scripts are imported as text (esbuild's text loader in scripts/build.mjs).
declare module '*.bash' {
  const text: string;
  export default text;
}
declare module '*.fish' {
  const text: string;
  export default text;
}
declare module '*/_pwctl' {
  const text: string;
  export default text;
}
