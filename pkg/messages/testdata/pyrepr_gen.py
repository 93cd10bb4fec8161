# Generates pyrepr.json: Python's repr() and ascii() of strings, bytes and
# floats, which pkg/messages' renderings must reproduce. Run with CPython
# 3.11: python3 pyrepr_gen.py > pyrepr.json
# Characters whose printability changed between Unicode 14 (Python 3.11)
# and 15 (Go 1.26) are avoided.
import json
import sys

strings = [
    "", "plain", "it's", 'say "hi"', "both ' and \"", "back\\slash", "tab\tnew\nline\rcr",
    "".join(chr(c) for c in range(0x00, 0x20)), "del\x7f", "".join(chr(c) for c in range(0x80, 0xa1)),
    "soft\xadhyphen", "nbsp\xa0", "\u2028 line sep", "\u2029 para sep", "\u200b zero width", "\ufeff bom",
    "private \ue000", "\ud7ff", "surrogate-free \U0010ffff max", "日本語", "😀 emoji", "combining e\u0301",
    "\u3000 ideographic space", "\u0600 arabic number sign", "\U000e0001 tag", "\u00e9\u00ff\u0100",
    "\U0001f9ff\U0001fa70", "\u061c alm", "\u180e mvs", "\ufff9\ufffa\ufffb", "\ufffd", "\x85 nel",
]
byte_values = [b"", b"raw bytes", b"it's", b"\x00\x7f\x80\xff", b"tab\t\"q\"", b"both ' \""]
floats = [0.0, -0.0, 1.0, 0.5, 1e16, 1e15, 1e-4, 1e-5, 123456789.12345679, 3e300, 5e-324, 1.7976931348623157e308,
          0.1, 2.5e-7, -1.5, 100.0, 9999999999999998.0, 1e22, float("inf"), float("-inf"), float("nan")]

json.dump({
    "strings": [{"s": s, "repr": repr(s), "ascii": ascii(s)} for s in strings],
    "bytes": [{"b": list(b), "repr": repr(b)} for b in byte_values],
    "floats": [{"f": repr(f), "repr": repr(f)} for f in floats],
}, sys.stdout, ensure_ascii=True, indent=1)
