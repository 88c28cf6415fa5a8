// The completion scripts are imported as text (as text by the build, scripts/build.mjs).
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
