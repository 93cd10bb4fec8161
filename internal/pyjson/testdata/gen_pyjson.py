"""Random JSON documents and what Python's json.loads/json.dumps/str make of them.

Output: JSON list of {"raw": <document text>, "dumps": json.dumps(json.loads(raw)),
"str": str(json.loads(raw))} or {"raw": ..., "error": true} when json.loads refuses it.
Every string is written to the output with ensure_ascii, so lone surrogates survive.
"""
import json, random, sys, unicodedata

rng = random.Random(20260422)

def rand_char():
    r = rng.random()
    if r < 0.4:
        return chr(rng.randrange(0x20, 0x7f))
    if r < 0.5:
        return chr(rng.randrange(0, 0x20))
    if r < 0.55:
        return rng.choice(['\x7f', '\x85', '\xa0', '\xad', '\u2028', '\u200b', '\ufeff', '\u0378', '\U000e0001', '\ue000'])
    if r < 0.6:
        return rng.choice(["'", '"', '\\', '/'])
    while True:
        cp = rng.randrange(0x80, 0x30000) if rng.random() < 0.8 else rng.randrange(0x80, 0x800)
        if 0xD800 <= cp <= 0xDFFF:
            continue
        c = chr(cp)
        # Unicode versions differ between Python builds and Go: only characters
        # assigned in this Python's database (and stable since) are used.
        if unicodedata.category(c) == 'Cn':
            continue
        return c

def rand_str_json():
    # Build the JSON text of a string directly, mixing raw chars and escapes.
    out = ['"']
    for _ in range(rng.randrange(0, 12)):
        r = rng.random()
        c = rand_char()
        if r < 0.15:
            out.append('\\u%04x' % rng.choice([0xd800, 0xdbff, 0xdc00, 0xdfff, 0xd83d]))  # lone surrogate
        elif r < 0.2:
            out.append('\\ud83d\\ude00')
        elif r < 0.3:
            out.append(rng.choice(['\\n', '\\t', '\\"', '\\\\', '\\/', '\\b', '\\f', '\\r', '\\u00e9', '\\u00E9', '\\u0000']))
        elif c in '"\\' or ord(c) < 0x20:
            out.append(json.dumps(c)[1:-1])
        else:
            out.append(c)
    out.append('"')
    return ''.join(out)

def rand_number():
    r = rng.random()
    if r < 0.3:
        return str(rng.randrange(-10**6, 10**6))
    if r < 0.4:
        return rng.choice(['0', '-0', '1', '-1', str(10**30), '-' + str(7**60), '9007199254740993'])
    if r < 0.8:
        mant = rng.choice(['0', '1', '12', '3', '123456789', '5', '99999999999999999999'])
        s = mant
        if rng.random() < 0.7:
            s += '.' + ''.join(rng.choice('0123456789') for _ in range(rng.randrange(1, 20)))
        if rng.random() < 0.5 or '.' not in s:
            s += rng.choice(['e', 'E']) + rng.choice(['', '+', '-']) + str(rng.choice([0, 1, 4, 5, 15, 16, 17, 22, 300, 308, 309, 320, 400]))
        if rng.random() < 0.3:
            s = '-' + s
        return s
    return rng.choice(['0.1', '1.0', '1e-05', '0.0001', '1e16', '1e15', '123456789012345678.0', '2.5e-7',
                       '1.7976931348623157e308', '5e-324', '-0.0', '0.30000000000000004', '1E400', '-1e400',
                       'NaN', 'Infinity', '-Infinity', '100.0', '1e22', '1e21', '12345678901234567.0'])

def rand_value(depth=0):
    r = rng.random()
    if depth > 3:
        r = r * 0.6
    if r < 0.1:
        return rng.choice(['null', 'true', 'false'])
    if r < 0.3:
        return rand_number()
    if r < 0.6:
        return rand_str_json()
    if r < 0.8:
        items = [rand_value(depth + 1) for _ in range(rng.randrange(0, 5))]
        return '[' + rng.choice([',', ', ', ' ,\n ']).join(items) + ']'
    keys = [rand_str_json() for _ in range(rng.randrange(0, 5))]
    if keys and rng.random() < 0.3:
        keys.append(rng.choice(keys))  # duplicate key
        rng.shuffle(keys)
    return '{' + ','.join('%s:%s' % (k, rand_value(depth + 1)) for k in keys) + '}'

cases = []
for i in range(900):
    raw = rand_value()
    try:
        v = json.loads(raw)
    except Exception:
        cases.append({"raw": raw, "error": True})
        continue
    cases.append({"raw": raw, "dumps": json.dumps(v), "str": str(v)})
for raw in ['01', '1.', '.5', '-', '"\\x"', '[1,]', '{"a" 1}', '"a\nb"', '[1] [2]', 'nul', '"\\ud800"', '1' * 4300, '1' * 4301, '-' + '1' * 4301, '1e' , '{"a":1,}', '\ufeff1', '  1  ']:
    try:
        v = json.loads(raw)
        cases.append({"raw": raw, "dumps": json.dumps(v), "str": str(v)})
    except Exception:
        cases.append({"raw": raw, "error": True})
json.dump(cases, sys.stdout, ensure_ascii=True)
