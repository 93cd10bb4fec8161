const { get_encoding } = require("tiktoken");
// deterministic PRNG
let seed = 12345;
function rnd() { seed = (seed * 1103515245 + 12345) & 0x7fffffff; return seed / 0x80000000; }
function ri(n) { return Math.floor(rnd() * n); }
const tricky = Array.from("azAZqQ09   \t\n\r\v\f''\".,//\\-_!?()<|>sStTdDmMlLvVeErRſKéÉßǅʰª中文あ\u0301\u0308\u0903\u20DD٣８Ⅻ½\u0085\u00A0\u1680\u2000\u2028\u2029\u202F\u205F\u3000\uFEFF\u200B\u001C\u001F\u180E😀👍\u{1F3FD}\u200D🇺𝔘𝔫𠜎\u{1D7D8}\x00\x7f\uFFFD\u00AD");
const words = ["the", " the", "The", "HTTP", "don't", "I'm", " we'll", "function", "(){", "});\n", "    ", "\n\n", "1234", "3.14", "人工智能", "こんにちは", "Привет", "مرحبا", "🙂", "_id", "camelCase", "snake_case", "<|endoftext|>", "<|fim_prefix|>", "  \n", " \n ", "'S", "'LL", "'ſ"];
function randCP() {
  for (;;) {
    const r = rnd();
    let cp;
    if (r < 0.5) cp = ri(0x3000); else if (r < 0.9) cp = ri(0x10000); else cp = 0x10000 + ri(0x20000);
    if (cp >= 0xD800 && cp <= 0xDFFF) continue;
    return String.fromCodePoint(cp);
  }
}
function gen(n) {
  let s = "";
  for (let i = 0; i < n; i++) {
    const k = ri(10);
    if (k < 4) s += tricky[ri(tricky.length)];
    else if (k < 7) s += words[ri(words.length)];
    else if (k < 8) { const c = tricky[ri(tricky.length)]; s += c.repeat(1 + ri(5)); }
    else s += randCP();
  }
  return s;
}
const encs = {};
for (const name of ["o200k_base", "cl100k_base", "r50k_base", "p50k_base"]) encs[name] = get_encoding(name);
const out = [];
for (let i = 0; i < 400; i++) {
  const text = gen(1 + ri(i < 320 ? 30 : 150));
  const rec = { text };
  for (const [name, enc] of Object.entries(encs)) rec[name] = Array.from(enc.encode_ordinary(text));
  out.push(rec);
}
process.stdout.write(JSON.stringify(out));
