#!/usr/bin/env python3
"""Regenerates pillow_cases.json: images in PNG modes images.json lacks, with
the RGB pixels Pillow's Image.open(...).convert("RGB") gives for them.

Run with a Python that has Pillow:  python3 gen_pillow_cases.py > pillow_cases.json
"""
import base64
import io
import json
import struct
import sys
import zlib

import PIL
from PIL import Image


def chunk(cid, data):
    c = struct.pack(">I", len(data)) + cid + data
    return c + struct.pack(">I", zlib.crc32(cid + data) & 0xFFFFFFFF)


def png(w, h, depth, ctype, rows, plte=None, trns=None, interlace=0, iend=True, extra=b""):
    """rows: list of already-packed scanline bytes (no filter byte), or for
    interlace=1 the caller passes the full raw stream."""
    out = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, depth, ctype, 0, 0, interlace))
    if plte is not None:
        out += chunk(b"PLTE", bytes(plte))
    if trns is not None:
        out += chunk(b"tRNS", bytes(trns))
    if interlace:
        raw = rows
    else:
        raw = b"".join(b"\x00" + r for r in rows)
    out += chunk(b"IDAT", zlib.compress(raw))
    out += extra
    if iend:
        out += chunk(b"IEND", b"")
    return out


def adam7(w, h, bpp_bits, pixel_bytes_fn):
    """Builds an interlaced raw stream; pixel_bytes_fn(x, y) returns the packed
    bits of one pixel as an int of bpp_bits bits."""
    passes = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
    raw = b""
    for x0, y0, dx, dy in passes:
        xs = list(range(x0, w, dx))
        ys = list(range(y0, h, dy))
        if not xs or not ys:
            continue
        for y in ys:
            bits = 0
            n = 0
            for x in xs:
                bits = (bits << bpp_bits) | pixel_bytes_fn(x, y)
                n += bpp_bits
            pad = (-n) % 8
            bits <<= pad
            n += pad
            raw += b"\x00" + bits.to_bytes(n // 8, "big")
    return raw


def rgb_hex(data):
    im = Image.open(io.BytesIO(data))
    mode = im.mode
    fmt = im.format
    size = im.size
    rgb = im.convert("RGB")
    return fmt, mode, size, rgb.tobytes().hex()


cases = []


def add(name, data, note=""):
    try:
        fmt, mode, size, hx = rgb_hex(data)
        cases.append({"name": name, "b64": base64.b64encode(data).decode(), "format": fmt, "mode": mode,
                      "width": size[0], "height": size[1], "rgb_hex": hx, "note": note})
    except Exception as e:  # noqa: BLE001
        cases.append({"name": name, "b64": base64.b64encode(data).decode(), "error": f"{type(e).__name__}: {e}", "note": note})


# 16-bit grayscale: Pillow clips values above 255 to 255 when converting to RGB.
g16 = [0, 1, 255, 256, 0x1234, 0xFFFF]
add("gray16_6x1", png(6, 1, 16, 0, [b"".join(struct.pack(">H", v) for v in g16)]), "I;16: values > 255 clip to 255")
add("gray16_trns_6x1", png(6, 1, 16, 0, [b"".join(struct.pack(">H", v) for v in g16)], trns=struct.pack(">H", 0x1234)))
# 16-bit gray + alpha: Pillow opens as RGBA (LA;16B), high bytes
add("gray_alpha16_3x1", png(3, 1, 16, 4, [struct.pack(">HHHHHH", 0x1234, 0xFFFF, 0xABCD, 0, 0x00FF, 0x8000)]))
add("rgba16_2x1", png(2, 1, 16, 6, [struct.pack(">HHHHHHHH", 0x1122, 0x3344, 0x5566, 0x7788, 0xFFEE, 0x0011, 0x8899, 0)]))
add("rgb16_trns_2x1", png(2, 1, 16, 2, [struct.pack(">HHHHHH", 0x1122, 0x3344, 0x5566, 0xFFEE, 0x0011, 0x8899)], trns=struct.pack(">HHH", 0x1122, 0x3344, 0x5566)))
add("rgb8_trns_2x1", png(2, 1, 8, 2, [bytes([1, 2, 3, 200, 100, 50])], trns=struct.pack(">HHH", 1, 2, 3)))
add("gray8_trns_3x1", png(3, 1, 8, 0, [bytes([0, 7, 255])], trns=struct.pack(">H", 7)))
add("gray2_4x1", png(4, 1, 2, 0, [bytes([0b00011011])]))
add("gray4_3x1", png(3, 1, 4, 0, [bytes([0x0F, 0x70])]))
add("gray1_10x2", png(10, 2, 1, 0, [bytes([0b10110011, 0b01000000]), bytes([0xFF, 0xC0])]))
plte = [255, 0, 0, 0, 255, 0, 0, 0, 255, 10, 20, 30]
add("palette8_trns_4x1", png(4, 1, 8, 3, [bytes([0, 1, 2, 3])], plte=plte, trns=[0, 128]), "transparency ignored by convert('RGB')")
add("palette1_9x1", png(9, 1, 1, 3, [bytes([0b10101010, 0b10000000])], plte=[9, 8, 7, 250, 251, 252]))
add("palette4_3x1", png(3, 1, 4, 3, [bytes([0x01, 0x20])], plte=plte[:9]))
add("palette8_short_plte_3x1", png(3, 1, 8, 3, [bytes([0, 1, 5])], plte=plte[:6]), "index 5 is past the PLTE entries")
# interlaced
import random
rnd = random.Random(7)
w, h = 9, 7
pix = [[(rnd.randrange(256), rnd.randrange(256), rnd.randrange(256)) for _ in range(w)] for _ in range(h)]
add("rgb8_interlaced_9x7", png(w, h, 8, 2, adam7(w, h, 24, lambda x, y: (pix[y][x][0] << 16) | (pix[y][x][1] << 8) | pix[y][x][2]), interlace=1))
gpix = [[rnd.randrange(4) for _ in range(w)] for _ in range(h)]
add("palette2_interlaced_9x7", png(w, h, 2, 3, adam7(w, h, 2, lambda x, y: gpix[y][x]), plte=plte, interlace=1))
g16pix = [[rnd.randrange(600) for _ in range(w)] for _ in range(h)]
add("gray16_interlaced_9x7", png(w, h, 16, 0, adam7(w, h, 16, lambda x, y: g16pix[y][x]), interlace=1))
# structural oddities
add("rgb8_no_iend_1x1", png(1, 1, 8, 2, [bytes([9, 8, 7])], iend=False), "Pillow tolerates a missing IEND")
add("rgb8_text_after_idat_1x1", png(1, 1, 8, 2, [bytes([9, 8, 7])], extra=chunk(b"tEXt", b"k\x00v")))

# GIF, JPEG, BMP written by Pillow itself.
def saved(im, fmt, **kw):
    b = io.BytesIO()
    im.save(b, fmt, **kw)
    return b.getvalue()

pim = Image.new("P", (5, 3))
pim.putpalette([i * 3 % 256 for i in range(48)] + [0] * (768 - 48))
pim.putdata([rnd.randrange(16) for _ in range(15)])
add("gif_p_5x3", saved(pim, "GIF"))
add("gif_p_trns_5x3", saved(pim, "GIF", transparency=2), "the transparent index keeps its palette colour")
rgb = Image.new("RGB", (8, 8))
rgb.putdata([(x * 30 % 256, y * 30 % 256, (x * y * 7) % 256) for y in range(8) for x in range(8)])
add("bmp_rgb_8x8", saved(rgb, "BMP"))
add("bmp_p_5x3", saved(pim, "BMP"))
add("bmp_l_4x2", saved(Image.new("L", (4, 2), 77), "BMP"))
add("jpeg_rgb444_8x8", saved(rgb, "JPEG", quality=95, subsampling=0), "compare with a tolerance")
add("jpeg_rgb420_16x16", saved(rgb.resize((16, 16)), "JPEG", quality=90), "compare with a tolerance")
add("jpeg_l_8x8", saved(rgb.convert("L"), "JPEG", quality=95), "compare with a tolerance")

# Odd sizes exercise libjpeg's edge handling in chroma upsampling.
big = Image.new("RGB", (37, 29))
big.putdata([((x * 7 + y * 3) % 256, (x * y) % 256, (255 - x * 5) % 256) if (x // 5 + y // 4) % 3 else (250, 20, 30)
             for y in range(29) for x in range(37)])
add("jpeg_rgb420_37x29", saved(big, "JPEG", quality=92, subsampling=2), "compare with a tolerance")
add("jpeg_rgb422_37x29", saved(big, "JPEG", quality=92, subsampling=1), "compare with a tolerance")
add("jpeg_cmyk_8x8", saved(rgb.convert("CMYK"), "JPEG", quality=95), "Adobe CMYK; compare with a tolerance")
add("bmp_1_9x3", saved(Image.new("1", (9, 3), 1).point(lambda v: v), "BMP"))
add("bmp_rgb_top_down_3x2", bytes.fromhex("424d" "4e000000" "00000000" "36000000"
    "28000000" "03000000" "feffffff" "0100" "1800" "00000000" "18000000" "00000000" "00000000" "00000000" "00000000")
    + bytes([1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 0, 0, 10, 11, 12, 13, 14, 15, 16, 17, 18, 0, 0, 0]), "negative height: rows top to bottom")
add("bmp_bitfields565_2x1", bytes.fromhex("424d" "46000000" "00000000" "42000000"
    "28000000" "02000000" "01000000" "0100" "1000" "03000000" "04000000" "00000000" "00000000" "00000000" "00000000"
    "00f80000" "e0070000" "1f000000") + bytes([0xff, 0xff, 0x21, 0x08]), "16-bit 5-6-5 bit fields")
add("bmp_rgb555_2x1", bytes.fromhex("424d" "3a000000" "00000000" "36000000"
    "28000000" "02000000" "01000000" "0100" "1000" "00000000" "04000000" "00000000" "00000000" "00000000" "00000000")
    + bytes([0xff, 0x7f, 0x21, 0x04]), "16-bit 5-5-5")


def bmp_rle(w, h, bits, compression, palette, data):
    """A BMP with a BITMAPINFOHEADER, a BGRX colour table and RLE data."""
    colors = len(palette) // 4
    offset = 14 + 40 + len(palette)
    size = offset + len(data)
    return (b"BM" + struct.pack("<IHHI", size, 0, 0, offset)
            + struct.pack("<IiiHHIIiiII", 40, w, h, 1, bits, compression, len(data), 0, 0, colors, 0)
            + palette + data)


rle_pal = bytes([30, 20, 10, 0, 60, 50, 40, 0, 90, 80, 70, 0, 255, 255, 255, 0])
# RLE8: row 0 (bottom): run of 3 x index 1, absolute 3 pixels (2, 0, 3) and a pad byte, end of line.
add("bmp_rle8_5x2", bmp_rle(5, 2, 8, 1, rle_pal, bytes([3, 1, 0, 3, 2, 0, 3, 0, 0, 0, 0, 2, 1, 0, 2, 3, 0, 1])))
# Row 0: run of 5 x index 1, end of line; row 1: a delta, whose offsets Pillow reads from the two
# bytes after the two it reads first (here 2 right), then a run of 3 x index 3.
add("bmp_rle8_delta_5x2", bmp_rle(5, 2, 8, 1, rle_pal, bytes([5, 1, 0, 0, 0, 2, 1, 0, 2, 0, 3, 3, 0, 1])))
# RLE4: run of 5 pixels alternating nibbles 1,2; absolute 4 pixels 3,0,1,2; end of line; row 2 run 6 x 3/3
add("bmp_rle4_9x2", bmp_rle(9, 2, 4, 2, rle_pal, bytes([5, 0x12, 0, 4, 0x30, 0x12, 0, 0, 6, 0x33, 0, 0, 0, 1])))
add("bmp_rle8_short", bmp_rle(4, 4, 8, 1, rle_pal, bytes([4, 1, 0, 0, 0, 1])), "too little data")


def lzw_literal(indices, min_size):
    """GIF LZW data that only uses literal codes (a clear code keeps the code
    width fixed), packed LSB first in sub-blocks."""
    clear, eoi = 1 << min_size, (1 << min_size) + 1
    width = min_size + 1
    codes = [clear]
    since = 0
    for v in indices:
        if since == (1 << min_size) - 2:
            codes.append(clear)
            since = 0
        codes.append(v)
        since += 1
    codes.append(eoi)
    acc = nbits = 0
    out = bytearray()
    for c in codes:
        acc |= c << nbits
        nbits += width
        while nbits >= 8:
            out.append(acc & 255)
            acc >>= 8
            nbits -= 8
    if nbits:
        out.append(acc)
    blocks = b""
    for i in range(0, len(out), 255):
        part = bytes(out[i:i + 255])
        blocks += bytes([len(part)]) + part
    return bytes([min_size]) + blocks + b"\x00"


gct = bytes([10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120])
gif = (b"GIF89a" + struct.pack("<HH", 4, 3) + bytes([0x81, 0, 0]) + gct
       + b"\x21\xf9\x04\x01\x00\x00\x02\x00"  # GCE: transparent index 2
       + b"\x2c" + struct.pack("<HHHH", 1, 1, 2, 1) + b"\x00" + lzw_literal([1, 3], 2) + b"\x3b")
add("gif_frame_offset_4x3", gif, "pixels outside the first frame take the transparent index")
gif2 = (b"GIF89a" + struct.pack("<HH", 2, 2) + bytes([0x80, 0, 0]) + gct[:6]
        + b"\x2c" + struct.pack("<HHHH", 0, 0, 2, 2) + bytes([0x81]) + gct[6:] + b"\x00\x00\x00\x00\x00\x00"
        + lzw_literal([0, 1, 1, 0], 2) + b"\x3b")
add("gif_local_table_2x2", gif2, "the local colour table wins")

# Random PNGs of every supported bit depth and colour type, with random row
# filters, some interlaced, some with tRNS. Palettes are full so that no
# index falls past them (Pillow before 10.1 read such indices as grey).
CHANNELS = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}
COMBOS = [(1, 0), (2, 0), (4, 0), (8, 0), (16, 0), (8, 2), (16, 2), (1, 3), (2, 3), (4, 3), (8, 3), (8, 4), (16, 4), (8, 6), (16, 6)]
rr = random.Random(5)


def random_rows(w, h, depth, ctype):
    rb = (w * depth * CHANNELS[ctype] + 7) // 8
    return [bytes([rr.randrange(5)]) + bytes(rr.randrange(256) for _ in range(rb)) for _ in range(h)]


for i in range(150):
    depth, ctype = COMBOS[i % len(COMBOS)]
    w, h = rr.randint(1, 19), rr.randint(1, 13)
    inter = rr.random() < 0.3
    rows = []
    if inter:
        for x0, y0, dx, dy in [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]:
            pw, ph = (w - x0 + dx - 1) // dx, (h - y0 + dy - 1) // dy
            if pw > 0 and ph > 0:
                rows += random_rows(pw, ph, depth, ctype)
    else:
        rows = random_rows(w, h, depth, ctype)
    data = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, depth, ctype, 0, 0, int(inter)))
    if ctype == 3:
        n = 1 << depth
        data += chunk(b"PLTE", bytes(rr.randrange(256) for _ in range(3 * n)))
        if rr.random() < 0.3:
            data += chunk(b"tRNS", bytes(rr.randrange(256) for _ in range(rr.randint(1, n))))
    elif ctype in (0, 2) and rr.random() < 0.3:
        data += chunk(b"tRNS", bytes(rr.randrange(256) for _ in range(2 if ctype == 0 else 6)))
    data += chunk(b"IDAT", zlib.compress(b"".join(rows))) + chunk(b"IEND", b"")
    add(f"random_png_{i:03d}_d{depth}_c{ctype}{'_i' if inter else ''}", data)

json.dump({"pillow_version": PIL.__version__, "cases": cases}, sys.stdout, indent=1)
sys.stdout.write("\n")
