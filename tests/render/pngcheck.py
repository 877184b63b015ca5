#!/usr/bin/env python3
"""pngcheck.py PNG SVG: checks a browser screenshot of a picture from
carc-render. Standard library only (zlib): decodes the PNG, then checks
that it is not blank (many colours, the background not everywhere) and
that the board was painted: the fill colour of at least two feature kinds
named in the SVG's style sheet (.kN{fill:#rrggbb}) covers a good number of
pixels. Prints one line; exit status 0 when the screenshot passes."""
import re
import struct
import sys
import zlib


def read_png(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG file")
    pos, idat, width = 8, [], None
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            width, height, depth, ctype, _, _, interlace = struct.unpack(">IIBBBBB", body)
            if depth != 8 or ctype not in (2, 6) or interlace:
                raise ValueError("unexpected PNG layout (depth %d, colour type %d)" % (depth, ctype))
            bpp = 3 if ctype == 2 else 4
        elif kind == b"IDAT":
            idat.append(body)
        pos += 12 + n
    raw = zlib.decompress(b"".join(idat))
    stride = width * bpp
    rows, prev = [], bytearray(stride)
    for y in range(height):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        if f == 1:
            for i in range(bpp, stride):
                line[i] = (line[i] + line[i - bpp]) & 255
        elif f == 2:
            line = bytearray((a + b) & 255 for a, b in zip(line, prev))
        elif f == 3:
            for i in range(stride):
                left = line[i - bpp] if i >= bpp else 0
                line[i] = (line[i] + ((left + prev[i]) >> 1)) & 255
        elif f == 4:
            for i in range(stride):
                a = line[i - bpp] if i >= bpp else 0
                b = prev[i]
                c = prev[i - bpp] if i >= bpp else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line)
        prev = line
    return width, height, bpp, rows


def main():
    png, svg = sys.argv[1], sys.argv[2]
    w, h, bpp, rows = read_png(png)
    counts = {}
    for line in rows[::2]:  # every other row is plenty
        for i in range(0, len(line), 2 * bpp):
            px = bytes(line[i:i + 3])
            counts[px] = counts.get(px, 0) + 1
    total = sum(counts.values())
    top = max(counts.values())
    kinds = re.findall(r"\.k(\d+)\{fill:#([0-9a-fA-F]{6})", open(svg).read())
    painted = []
    for k, hexcol in kinds:
        n = counts.get(bytes.fromhex(hexcol), 0)
        if n * 1000 >= total:  # at least 0.1% of the picture
            painted.append("k%s %s %.1f%%" % (k, hexcol, 100.0 * n / total))
    problems = []
    if len(counts) < 16:
        problems.append("only %d colours" % len(counts))
    if top > 0.97 * total:
        problems.append("one colour covers %.1f%%" % (100.0 * top / total))
    if len(painted) < min(2, len(kinds)):
        problems.append("feature colours not seen (%s)" % (", ".join(painted) or "none"))
    print("%s: %dx%d, %d colours, kinds seen: %s%s" % (png, w, h, len(counts), ", ".join(painted) or "none",
                                                     "; FAIL: " + "; ".join(problems) if problems else ""))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
