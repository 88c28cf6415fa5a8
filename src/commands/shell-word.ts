// A value as one word of a POSIX shell command line, for the commands pwctl suggests in its
// messages (`pwctl tags add 42 'name:client review'`): left bare when it is plainly safe,
// else single-quoted.
export function shellWord(text: string): string {
  return /^[\w.:@/+=,-]+$/.test(text) ? text : `'${text.replace(/'/g, "'\\''")}'`;
}
