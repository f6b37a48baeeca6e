// A markdown table of header and rows (cells as strings or numbers); columns empty in every row are left out, and
// a cell's '|' is escaped. The bench scripts print their tables with it, and report.mjs writes the docs' with it.
export function markdownTable(header, rows) {
  const keep = header.map((_, i) => rows.some((r) => r[i] !== undefined && r[i] !== ''));
  const pick = (cells) => cells.filter((_, i) => keep[i]);
  const line = (cells) => `| ${pick(cells).map((c) => String(c ?? '').replace(/\|/g, '\\|')).join(' | ')} |`;
  return [line(header), `|${pick(header).map(() => '---').join('|')}|`, ...rows.map(line)].join('\n');
}
