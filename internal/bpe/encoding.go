package bpe

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/pkoukk/tiktoken-go-loader/assets"
)

// table is a set of mergeable ranks (one .tiktoken file).
type table struct {
	ranks    map[string]uint32
	byteRank [256]uint32
	decoder  []string // rank -> token bytes ("" for holes)
	maxLen   int      // longest token, in bytes
}

// rankFile describes an embedded .tiktoken file and the SHA-256 that
// tiktoken itself expects of it.
type rankFile struct {
	name string
	hash string
}

var (
	fileR50K   = rankFile{"r50k_base.tiktoken", "306cd27f03c1a714eca7108e03d66b7dc042abe8c258b44c199a7ed9838dd930"}
	fileP50K   = rankFile{"p50k_base.tiktoken", "94b5ca7dff4d00767bc256fdd1b27e5b17361d7b8a5f968547f9f23eb70d2069"}
	fileCL100K = rankFile{"cl100k_base.tiktoken", "223921b76ee99bde995b7ff738513eef100fb51d18c93597a113bcffe865b2a7"}
	fileO200K  = rankFile{"o200k_base.tiktoken", "446a9538cb6c348e3516120d7c08b09f57c36495e2acfffe59a5bf8b0cfb1a2d"}
)

var (
	tablesMu sync.Mutex
	tables   = map[string]*tableOnce{}
)

type tableOnce struct {
	once sync.Once
	t    *table
	err  error
}

func loadTable(f rankFile) (*table, error) {
	tablesMu.Lock()
	to := tables[f.name]
	if to == nil {
		to = &tableOnce{}
		tables[f.name] = to
	}
	tablesMu.Unlock()
	to.once.Do(func() { to.t, to.err = parseTable(f) })
	return to.t, to.err
}

// parseTable reads an embedded .tiktoken file ("<base64 token> <rank>" lines).
func parseTable(f rankFile) (*table, error) {
	data, err := assets.Assets.ReadFile(f.name)
	if err != nil {
		return nil, fmt.Errorf("bpe: embedded rank file %s: %w", f.name, err)
	}
	sum := sha256.Sum256(data)
	if hex.EncodeToString(sum[:]) != f.hash {
		return nil, fmt.Errorf("bpe: embedded rank file %s has an unexpected hash", f.name)
	}
	lines := strings.Count(string(data), "\n") + 1
	// Decode every token into one buffer; the map keys are substrings of it.
	buf := make([]byte, 0, len(data)*3/4)
	type entry struct {
		off, n int
		rank   uint32
	}
	entries := make([]entry, 0, lines)
	maxRank := uint32(0)
	for rest := data; len(rest) > 0; {
		nl := indexByte(rest, '\n')
		line := rest
		if nl >= 0 {
			line, rest = rest[:nl], rest[nl+1:]
		} else {
			rest = nil
		}
		if len(line) == 0 {
			continue
		}
		sp := indexByte(line, ' ')
		if sp < 0 {
			return nil, fmt.Errorf("bpe: %s: malformed line %q", f.name, line)
		}
		off := len(buf)
		buf = append(buf, make([]byte, base64.StdEncoding.DecodedLen(sp))...)
		n, err := base64.StdEncoding.Decode(buf[off:], line[:sp])
		if err != nil {
			return nil, fmt.Errorf("bpe: %s: %w", f.name, err)
		}
		buf = buf[:off+n]
		r, err := strconv.ParseUint(string(line[sp+1:]), 10, 32)
		if err != nil {
			return nil, fmt.Errorf("bpe: %s: %w", f.name, err)
		}
		entries = append(entries, entry{off, n, uint32(r)})
		if uint32(r) > maxRank {
			maxRank = uint32(r)
		}
	}
	all := string(buf)
	t := &table{
		ranks:   make(map[string]uint32, len(entries)),
		decoder: make([]string, maxRank+1),
	}
	seen := 0
	for _, e := range entries {
		tok := all[e.off : e.off+e.n]
		t.ranks[tok] = e.rank
		t.decoder[e.rank] = tok
		if e.n > t.maxLen {
			t.maxLen = e.n
		}
		if e.n == 1 {
			t.byteRank[tok[0]] = e.rank
			seen++
		}
	}
	if seen != 256 {
		return nil, fmt.Errorf("bpe: %s does not contain all 256 single bytes", f.name)
	}
	return t, nil
}

func indexByte(b []byte, c byte) int {
	for i, x := range b {
		if x == c {
			return i
		}
	}
	return -1
}

// Encoding is a tiktoken encoding: mergeable ranks, a pre-tokenizer pattern
// and special tokens. It is immutable and safe for concurrent use.
type Encoding struct {
	name       string
	pattern    Pattern
	next       scanner
	t          *table
	special    map[string]int // special token text -> id
	specDec    map[int]string // id -> special token text
	specIDs    []string       // special token texts, sorted
	specMaxLen int            // longest special token text, in bytes
}

// encodingSpec describes how to build a named encoding.
type encodingSpec struct {
	file    rankFile
	pattern Pattern
	special func() []specialToken
}

type specialToken struct {
	text string
	id   int
}

const (
	endOfText   = "<|endoftext|>"
	fimPrefix   = "<|fim_prefix|>"
	fimMiddle   = "<|fim_middle|>"
	fimSuffix   = "<|fim_suffix|>"
	endOfPrompt = "<|endofprompt|>"
)

var specs = map[string]encodingSpec{
	"gpt2": {fileR50K, PatternR50K, func() []specialToken {
		return []specialToken{{endOfText, 50256}}
	}},
	"r50k_base": {fileR50K, PatternR50K, func() []specialToken {
		return []specialToken{{endOfText, 50256}}
	}},
	"p50k_base": {fileP50K, PatternR50K, func() []specialToken {
		return []specialToken{{endOfText, 50256}}
	}},
	"p50k_edit": {fileP50K, PatternR50K, func() []specialToken {
		return []specialToken{{endOfText, 50256}, {fimPrefix, 50281}, {fimMiddle, 50282}, {fimSuffix, 50283}}
	}},
	"cl100k_base": {fileCL100K, PatternCL100K, func() []specialToken {
		return []specialToken{{endOfText, 100257}, {fimPrefix, 100258}, {fimMiddle, 100259}, {fimSuffix, 100260}, {endOfPrompt, 100276}}
	}},
	"o200k_base": {fileO200K, PatternO200K, func() []specialToken {
		return []specialToken{{endOfText, 199999}, {endOfPrompt, 200018}}
	}},
	"o200k_harmony": {fileO200K, PatternO200K, harmonySpecials},
}

// harmonySpecials is tiktoken's o200k_harmony special-token table: the
// o200k_base ones, named tokens 199998..200012 and <|reserved_N|> for N in
// 200013..201087 (200018 therefore has two names; it decodes as
// <|endofprompt|>).
func harmonySpecials() []specialToken {
	toks := []specialToken{
		{endOfText, 199999}, {endOfPrompt, 200018},
		{"<|startoftext|>", 199998},
		{"<|reserved_200000|>", 200000},
		{"<|reserved_200001|>", 200001},
		{"<|return|>", 200002},
		{"<|constrain|>", 200003},
		{"<|reserved_200004|>", 200004},
		{"<|channel|>", 200005},
		{"<|start|>", 200006},
		{"<|end|>", 200007},
		{"<|message|>", 200008},
		{"<|reserved_200009|>", 200009},
		{"<|reserved_200010|>", 200010},
		{"<|reserved_200011|>", 200011},
		{"<|call|>", 200012},
	}
	for i := 200013; i < 201088; i++ {
		toks = append(toks, specialToken{"<|reserved_" + strconv.Itoa(i) + "|>", i})
	}
	return toks
}

var (
	encMu     sync.Mutex
	encodings = map[string]*encOnce{}
)

type encOnce struct {
	once sync.Once
	e    *Encoding
	err  error
}

// Names returns the names of the available encodings, sorted.
func Names() []string {
	out := make([]string, 0, len(specs))
	for n := range specs {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// ErrUnknownEncoding is returned by Get for an encoding name it does not know.
var ErrUnknownEncoding = errors.New("unknown encoding")

// Get returns the named encoding (gpt2, r50k_base, p50k_base, p50k_edit,
// cl100k_base, o200k_base, o200k_harmony). Ranks are loaded from the embedded
// files on first use.
func Get(name string) (*Encoding, error) {
	spec, ok := specs[name]
	if !ok {
		return nil, fmt.Errorf("bpe: %w %q", ErrUnknownEncoding, name)
	}
	encMu.Lock()
	eo := encodings[name]
	if eo == nil {
		eo = &encOnce{}
		encodings[name] = eo
	}
	encMu.Unlock()
	eo.once.Do(func() {
		t, err := loadTable(spec.file)
		if err != nil {
			eo.err = err
			return
		}
		e := &Encoding{
			name:    name,
			pattern: spec.pattern,
			next:    spec.pattern.scanner(),
			t:       t,
			special: map[string]int{},
			specDec: map[int]string{},
		}
		for _, st := range spec.special() {
			e.special[st.text] = st.id
			if _, dup := e.specDec[st.id]; !dup {
				e.specDec[st.id] = st.text
			}
			e.specIDs = append(e.specIDs, st.text)
			if len(st.text) > e.specMaxLen {
				e.specMaxLen = len(st.text)
			}
		}
		sort.Strings(e.specIDs)
		eo.e = e
	})
	return eo.e, eo.err
}

// Name returns the encoding's name, e.g. "o200k_base".
func (e *Encoding) Name() string { return e.name }

// Pattern returns the encoding's pre-tokenizer pattern.
func (e *Encoding) Pattern() Pattern { return e.pattern }

// SpecialTokens returns the special tokens (text -> id) of the encoding.
func (e *Encoding) SpecialTokens() map[string]int {
	out := make(map[string]int, len(e.special))
	for k, v := range e.special {
		out[k] = v
	}
	return out
}

// DisallowedSpecialError is returned when the text to encode contains the
// text of a special token. Python tiktoken's Encoding.encode raises
// ValueError in that case (its default is disallowed_special="all").
type DisallowedSpecialError struct {
	Token string // the special token found, e.g. "<|endoftext|>"
}

// Error returns the message Python tiktoken raises, e.g.
// "Encountered text corresponding to disallowed special token '<|endoftext|>'.".
func (e *DisallowedSpecialError) Error() string {
	return "Encountered text corresponding to disallowed special token " + pyQuote(e.Token) + "."
}

// pyQuote renders a special token the way Python's repr does (they are ASCII
// and contain no quotes or backslashes).
func pyQuote(s string) string { return "'" + s + "'" }

// FindSpecial returns the first (leftmost) special token whose text occurs in
// s, as Python tiktoken's disallowed-special check does.
func (e *Encoding) FindSpecial(s string) (string, bool) {
	// Every special token has the form "<|...|>" with no "|>" inside, so a
	// candidate runs from a "<|" to the first "|>" after it.
	for i := 0; i+4 <= len(s); {
		k := strings.Index(s[i:], "<|")
		if k < 0 {
			return "", false
		}
		i += k
		lim := i + e.specMaxLen
		if lim > len(s) {
			lim = len(s)
		}
		if end := strings.Index(s[i+2:lim], "|>"); end >= 0 {
			cand := s[i : i+2+end+2]
			if _, ok := e.special[cand]; ok {
				return cand, true
			}
		}
		i++
	}
	return "", false
}

// Encode returns the token ids of text. Like Python tiktoken's
// Encoding.encode with its defaults, it refuses (with a
// *DisallowedSpecialError) text that contains a special token.
func (e *Encoding) Encode(text string) ([]int, error) {
	if tok, ok := e.FindSpecial(text); ok {
		return nil, &DisallowedSpecialError{Token: tok}
	}
	return e.AppendOrdinary(make([]int, 0, len(text)/4+1), text), nil
}

// EncodeOrdinary returns the token ids of text, encoding special-token text
// as ordinary text (tiktoken's encode_ordinary).
func (e *Encoding) EncodeOrdinary(text string) []int {
	return e.AppendOrdinary(make([]int, 0, len(text)/4+1), text)
}

// AppendOrdinary appends the ordinary token ids of text to out.
func (e *Encoding) AppendOrdinary(out []int, text string) []int {
	next, t := e.next, e.t
	for i := 0; i < len(text); {
		j := next(text, i)
		out = t.appendPiece(text[i:j], out)
		i = j
	}
	return out
}

// Count returns the number of tokens of text, with Encode's special-token
// check, without building the token list.
func (e *Encoding) Count(text string) (int, error) {
	if tok, ok := e.FindSpecial(text); ok {
		return 0, &DisallowedSpecialError{Token: tok}
	}
	return e.CountOrdinary(text), nil
}

// CountOrdinary returns len(EncodeOrdinary(text)) without building the list.
func (e *Encoding) CountOrdinary(text string) int {
	next, t := e.next, e.t
	n := 0
	for i := 0; i < len(text); {
		j := next(text, i)
		n += t.countPiece(text[i:j])
		i = j
	}
	return n
}

// EncodeWithSpecial encodes text allowing every special token: special-token
// text becomes the special token's id (tiktoken's allowed_special="all").
func (e *Encoding) EncodeWithSpecial(text string) []int {
	out := make([]int, 0, len(text)/4+1)
	for len(text) > 0 {
		tok, ok := e.FindSpecial(text)
		if !ok {
			break
		}
		k := strings.Index(text, tok)
		out = e.AppendOrdinary(out, text[:k])
		out = append(out, e.special[tok])
		text = text[k+len(tok):]
	}
	return e.AppendOrdinary(out, text)
}

// UnknownTokenError is returned by Decode for an id that is neither a rank
// nor a special token of the encoding.
type UnknownTokenError struct {
	ID int
}

// Error names the id.
func (e *UnknownTokenError) Error() string {
	return "bpe: invalid token for decoding: " + strconv.Itoa(e.ID)
}

// Decode returns the bytes of the given tokens (which need not be valid
// UTF-8 when a multi-byte character is split across tokens).
func (e *Encoding) Decode(ids []int) ([]byte, error) {
	out := make([]byte, 0, len(ids)*4)
	for _, id := range ids {
		if id >= 0 && id < len(e.t.decoder) && e.t.decoder[id] != "" {
			out = append(out, e.t.decoder[id]...)
			continue
		}
		if s, ok := e.specDec[id]; ok {
			out = append(out, s...)
			continue
		}
		return nil, &UnknownTokenError{ID: id}
	}
	return out, nil
}

// Split returns the pre-tokenizer pieces of text.
func (e *Encoding) Split(text string) []string { return e.pattern.Split(text) }
