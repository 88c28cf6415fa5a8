// The release archives, written here rather than with tar(1) and zip(1): the same bytes on
// every machine (fixed times, owners and modes), and no zip program to install on CI.
// A .tar.gz (ustar) for Linux and macOS, a .zip (deflate) for Windows; each holds one
// directory with the executable in it, mode 0755.
import { closeSync, openSync, readFileSync, writeSync } from 'node:fs';
import { crc32, deflateRawSync, gzipSync } from 'node:zlib';

/** 2026-01-01T00:00:00Z: archives of the same files are the same bytes. */
const FIXED_TIME = 1_767_225_600;

/** Write `out` holding `dir/` and, in it, each of `files` ({ name, path, mode }). */
export function writeArchive(out, dir, files) {
  if (out.endsWith('.tar.gz')) writeTarGz(out, dir, files);
  else if (out.endsWith('.zip')) writeZip(out, dir, files);
  else throw new Error(`unknown archive kind: ${out}`);
}

function writeTarGz(out, dir, files) {
  const blocks = [tarHeader(`${dir}/`, 0o755, 0, '5')];
  for (const file of files) {
    const data = readFileSync(file.path);
    blocks.push(tarHeader(`${dir}/${file.name}`, file.mode ?? 0o644, data.length, '0'), data);
    blocks.push(Buffer.alloc((512 - (data.length % 512)) % 512));
  }
  blocks.push(Buffer.alloc(1024));
  const fd = openSync(out, 'w');
  try {
    writeSync(fd, gzipSync(Buffer.concat(blocks), { level: 9 }));
  } finally {
    closeSync(fd);
  }
}

function tarHeader(name, mode, size, type) {
  if (Buffer.byteLength(name) > 100) throw new Error(`name too long for a tar header: ${name}`);
  const header = Buffer.alloc(512);
  const octal = (value, at, width) => header.write(`${value.toString(8).padStart(width - 1, '0')}\0`, at, 'ascii');
  header.write(name, 0, 'utf8');
  octal(mode, 100, 8);
  octal(0, 108, 8);
  octal(0, 116, 8);
  octal(size, 124, 12);
  octal(FIXED_TIME, 136, 12);
  header.write(type, 156, 'ascii');
  header.write('ustar\x0000', 257, 'ascii');
  header.write('root', 265, 'ascii');
  header.write('root', 297, 'ascii');
  // The checksum is taken with its own field as spaces.
  header.write('        ', 148, 'ascii');
  let sum = 0;
  for (const byte of header) sum += byte;
  header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return header;
}

function writeZip(out, dir, files) {
  const entries = [{ name: `${dir}/`, data: Buffer.alloc(0), mode: 0o40755 }];
  for (const file of files)
    entries.push({ name: `${dir}/${file.name}`, data: readFileSync(file.path), mode: 0o100000 | (file.mode ?? 0o644) });
  // DOS time and date of FIXED_TIME: 00:00:00, 2026-01-01.
  const dosTime = 0;
  const dosDate = ((2026 - 1980) << 9) | (1 << 5) | 1;
  const local = [];
  const central = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const compressed = entry.data.length ? deflateRawSync(entry.data, { level: 9 }) : entry.data;
    const method = entry.data.length ? 8 : 0;
    const crc = crc32(entry.data);
    const head = Buffer.alloc(30);
    head.writeUInt32LE(0x04034b50, 0);
    head.writeUInt16LE(20, 4);
    head.writeUInt16LE(0x0800, 6);
    head.writeUInt16LE(method, 8);
    head.writeUInt16LE(dosTime, 10);
    head.writeUInt16LE(dosDate, 12);
    head.writeUInt32LE(crc, 14);
    head.writeUInt32LE(compressed.length, 18);
    head.writeUInt32LE(entry.data.length, 22);
    head.writeUInt16LE(name.length, 26);
    local.push(head, name, compressed);
    const record = Buffer.alloc(46);
    record.writeUInt32LE(0x02014b50, 0);
    // Made by Unix (3), so unzip keeps the mode in the upper half of the external attributes.
    record.writeUInt16LE((3 << 8) | 20, 4);
    record.writeUInt16LE(20, 6);
    record.writeUInt16LE(0x0800, 8);
    record.writeUInt16LE(method, 10);
    record.writeUInt16LE(dosTime, 12);
    record.writeUInt16LE(dosDate, 14);
    record.writeUInt32LE(crc, 16);
    record.writeUInt32LE(compressed.length, 20);
    record.writeUInt32LE(entry.data.length, 24);
    record.writeUInt16LE(name.length, 28);
    record.writeUInt32LE(((entry.mode << 16) | (entry.name.endsWith('/') ? 0x10 : 0)) >>> 0, 38);
    record.writeUInt32LE(offset, 42);
    central.push(record, name);
    offset += head.length + name.length + compressed.length;
  }
  const centralSize = central.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  const fd = openSync(out, 'w');
  try {
    for (const part of [...local, ...central, end]) writeSync(fd, part);
  } finally {
    closeSync(fd);
  }
}
