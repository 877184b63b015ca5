// board.js: draws the board of the web client as SVG from a plain model
// (app.js builds it from the game). Tiles come drawn by the library
// (Game.tileSVG); this file places them, the figures, the squares a tile
// may go to and the numbered choices a player can click.
'use strict';

(function () {
  const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }[c]));
  const f1 = (v) => (Math.round(v * 10) / 10).toString();

  /** A figure drawn by the library (model.figureSVG) moved to (x, y). */
  const place = (svg, x, y) => `<g transform="translate(${f1(x)} ${f1(y)})">${svg}</g>`;

  /** Draws `model` into the <svg> element `svg`. */
  function draw(svg, model) {
    const S = model.S;
    let { minx, maxx, miny, maxy } = model.extent;
    // at least 9 x 7 squares in view, so that a young board is not drawn huge
    const growTo = (lo, hi, n) => {
      const more = n - (hi - lo + 1);
      return more > 0 ? [lo - Math.floor(more / 2), hi + Math.ceil(more / 2)] : [lo, hi];
    };
    [minx, maxx] = growTo(minx, maxx, 9);
    [miny, maxy] = growTo(miny, maxy, 7);
    const pad = 0.35 * S;
    const w = (maxx - minx + 1) * S + 2 * pad;
    const h = (maxy - miny + 1) * S + 2 * pad;
    svg.setAttribute('viewBox', `${f1(minx * S - pad)} ${f1(miny * S - pad)} ${f1(w)} ${f1(h)}`);
    const out = [`<style>${model.style}</style>`];
    out.push(`<rect x="${f1(minx * S - pad)}" y="${f1(miny * S - pad)}" width="${f1(w)}" height="${f1(h)}" `
      + 'fill="#efece3" data-act="board"/>');
    for (const t of model.targets) {
      out.push(`<rect class="target${t.fitsNow ? ' fits' : ''}" data-act="square" data-x="${t.x}" data-y="${t.y}" `
        + `x="${t.x * S + 2}" y="${t.y * S + 2}" width="${S - 4}" height="${S - 4}" rx="6">`
        + `<title>(${t.x}, ${t.y}): the tile fits here${t.fitsNow ? '' : ' turned another way'}</title></rect>`);
    }
    for (const t of model.tiles) {
      out.push(`<g transform="translate(${t.x * S} ${t.y * S})" data-act="tile" data-x="${t.x}" data-y="${t.y}">`
        + `<title>${esc(t.title)}</title>${t.svg}</g>`);
    }
    for (const t of model.tiles) {
      if (t.turnLabel !== undefined) {
        out.push(`<text class="turn-no" x="${t.x * S + 3}" y="${t.y * S + 0.17 * S}">${t.turnLabel}</text>`);
      }
    }
    const last = model.tiles.find((t) => t.last);
    if (last) {
      out.push(`<rect class="last-tile" x="${last.x * S + 2}" y="${last.y * S + 2}" width="${S - 4}" height="${S - 4}"/>`);
    }
    if (model.ghost) {
      const g = model.ghost;
      out.push(`<g class="ghost" transform="translate(${g.x * S} ${g.y * S})" data-act="ghost" data-x="${g.x}" data-y="${g.y}">`
        + `${g.svg}<rect class="ghost-frame" x="1" y="1" width="${S - 2}" height="${S - 2}"/></g>`);
    }
    for (const f of model.figures) {
      out.push(`<g class="figure"><title>${esc(f.title)}</title>${place(f.svg, f.x * S, f.y * S)}</g>`);
    }
    for (const a of model.arrows) {
      out.push(`<line class="arrow" x1="${f1(a.x1 * S)}" y1="${f1(a.y1 * S)}" x2="${f1(a.x2 * S)}" y2="${f1(a.y2 * S)}"/>`);
    }
    for (const b of model.badges) {
      const bw = 8 + 7 * b.text.length;
      out.push(`<g class="badge"><rect x="${f1(b.x * S + 6)}" y="${f1(b.y * S - 0.36 * S)}" width="${bw}" height="15" rx="4" `
        + `fill="#fff" stroke="${b.color}" stroke-width="2"/><text x="${f1(b.x * S + 10)}" y="${f1(b.y * S - 0.36 * S + 11.5)}">`
        + `${esc(b.text)}</text></g>`);
    }
    for (const r of model.rings) {
      out.push(`<circle class="ring" cx="${f1(r.x * S)}" cy="${f1(r.y * S)}" r="${f1(0.21 * S)}"/>`);
    }
    for (const mk of model.markers) {
      const x = mk.x * S;
      const y = mk.y * S;
      const head = `<g class="choice" data-act="choice" data-i="${mk.i}" data-move="${esc(mk.move)}"><title>${esc(mk.label)}</title>`;
      if (mk.tag === undefined) { // a figure to place: its outline in a disc, the number beside
        out.push(`${head}<circle cx="${f1(x)}" cy="${f1(y)}" r="${f1(0.13 * S)}" class="disc"/>`
          + `${mk.svg ? place(mk.svg, x, y) : ''}`
          + `<text class="choice-no" x="${f1(x + 0.1 * S)}" y="${f1(y - 0.07 * S)}">${mk.i + 1}</text></g>`);
      } else { // an action: a label with the number
        const text = `${mk.i + 1} ${mk.tag}`.trim();
        const w = 0.1 * S + 6.6 * text.length;
        out.push(`${head}<rect class="pill" x="${f1(x)}" y="${f1(y - 0.12 * S)}" width="${f1(w)}" height="${f1(0.24 * S)}" `
          + `rx="${f1(0.12 * S)}" style="stroke:${mk.color}"/><text class="pill-text" x="${f1(x + 0.05 * S)}" `
          + `y="${f1(y + 0.06 * S)}">${esc(text)}</text></g>`);
      }
    }
    svg.innerHTML = out.join('\n');
  }

  /** The board square under a mouse event. */
  function squareAt(svg, S, event) {
    const pt = svg.createSVGPoint();
    pt.x = event.clientX;
    pt.y = event.clientY;
    const p = pt.matrixTransform(svg.getScreenCTM().inverse());
    return { x: Math.floor(p.x / S), y: Math.floor(p.y / S), fx: p.x / S, fy: p.y / S };
  }

  window.CarcBoard = { draw, squareAt };
}());
