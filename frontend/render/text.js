// Text objects as Tiled draws them: the text in its box, in its font and colour, wrapped and aligned.

/**
 * A text object's text inside its box (at the object's position, already turned): its font, size, bold and italic,
 * colour, wrapped at the box's width when it wraps, aligned in the box as halign/valign say (Tiled's rules).
 */
export function drawText(ctx, o) {
  const t = o.text;
  const size = t.pixelSize ?? 16;
  ctx.font = `${t.italic ? 'italic ' : ''}${t.bold ? 'bold ' : ''}${size}px ${JSON.stringify(t.fontFamily ?? 'sans-serif')}`;
  ctx.fillStyle = t.color ?? '#000000';
  // lines stand on their baseline a font ascent below their top and follow each other by the font's height, as the
  // server (Java's FontMetrics) and Tiled (QFontMetrics) set them
  ctx.textBaseline = 'alphabetic';
  const metrics = ctx.measureText('Ag');
  const ascent = metrics.fontBoundingBoxAscent ?? size * 0.8;
  const descent = metrics.fontBoundingBoxDescent ?? size * 0.2;
  const width = o.width ?? 0;
  const height = o.height ?? 0;
  const lines = [];
  for (const paragraph of String(t.text).split('\n')) {
    if (!t.wrap || width <= 0) {
      lines.push(paragraph);
      continue;
    }
    let line = '';
    for (const word of paragraph.split(/(?<=\s)/)) {
      if (line && ctx.measureText(line + word).width > width) {
        lines.push(line.trimEnd());
        line = word.trimStart();
      } else {
        line += word;
      }
    }
    lines.push(line);
  }
  const lineHeight = ascent + descent;
  const total = lines.length * lineHeight;
  const top = t.valign === 'bottom' ? height - total : t.valign === 'center' ? (height - total) / 2 : 0;
  lines.forEach((line, i) => {
    const measured = ctx.measureText(line).width;
    const x = t.halign === 'right' ? width - measured : t.halign === 'center' ? (width - measured) / 2 : 0;
    ctx.fillText(line, x, top + i * lineHeight + ascent);
  });
}
