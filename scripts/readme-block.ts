/** Generated blocks in Markdown files: the text between `<!-- NAME:start -->` and `<!-- NAME:end -->`. */

function markers(name: string): { start: string; end: string } {
  return { start: `<!-- ${name}:start -->`, end: `<!-- ${name}:end -->` };
}

/** Where the block's content lies in `text` (between the marker lines); throws when the markers are missing. */
function locate(text: string, name: string): { from: number; to: number } {
  const { start, end } = markers(name);
  const s = text.indexOf(start);
  const e = text.indexOf(end);
  if (s < 0 || e < 0 || e < s || text.indexOf(start, s + 1) >= 0) {
    throw new Error(`expected one "${start}" … "${end}" block`);
  }
  return { from: s + start.length, to: e };
}

/** The block's content, without the newlines that follow the start marker and precede the end marker. */
export function readBlock(text: string, name: string): string {
  const { from, to } = locate(text, name);
  return text.slice(from, to).replace(/^\n/, '').replace(/\n$/, '');
}

/** `text` with the block's content replaced by `content`. */
export function replaceBlock(text: string, name: string, content: string): string {
  const { from, to } = locate(text, name);
  return `${text.slice(0, from)}\n${content}\n${text.slice(to)}`;
}
