package pyformat

import (
	"math"
	"math/big"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/agentschema/agentschema/internal/pyexc"
	"github.com/agentschema/agentschema/internal/pyjson"
)

// fmtSpec is a parsed format specification:
// [[fill]align][sign][z][#][0][width][grouping][.precision][type].
type fmtSpec struct {
	fill      rune
	align     byte // '<', '>', '^', '=' or 0
	sign      byte // '+', '-', ' ' or 0
	noNeg0    bool
	alternate bool
	width     int  // -1 when absent
	thousands byte // ',', '_' or 0
	under4    bool // '_' every four digits (b, o, x, X)
	precision int  // -1 when absent
	typ       rune // 0 when absent
}

// maxSpecWidth bounds the width and precision of a format spec, so that
// a message cannot make a rendering allocate without bound.
const maxSpecWidth = 1 << 20

func isAlign(r rune) bool { return r == '<' || r == '>' || r == '=' || r == '^' }

// parseSpec parses spec as CPython's parse_internal_render_format_spec
// does for an object of type typeName: [[fill]align][sign][z][#][0]
// [width][grouping][.precision][type].
func parseSpec(spec string, typeName string, defaultType rune, defaultAlign byte) (fmtSpec, error) {
	p := &specParser{rs: []rune(spec)}
	sp := fmtSpec{fill: ' ', align: defaultAlign, width: -1, precision: -1, typ: defaultType}
	p.flags(&sp, defaultAlign)
	if err := p.widthAndGrouping(&sp); err != nil {
		return sp, err
	}
	if err := p.precision(&sp); err != nil {
		return sp, err
	}
	if sp.width > maxSpecWidth || sp.precision > maxSpecWidth {
		return sp, pyexc.New(pyexc.MemoryError, "format width or precision above "+strconv.Itoa(maxSpecWidth)+" (a limit of this package, not of Python)")
	}
	switch p.left() {
	case 0:
	case 1:
		sp.typ = p.rs[p.pos]
	default:
		return sp, valueErr("Invalid format specifier '" + spec + "' for object of type '" + typeName + "'")
	}
	return sp, checkGrouping(&sp)
}

// specParser reads a format spec from left to right.
type specParser struct {
	rs  []rune
	pos int
}

// left is the number of runes not read yet.
func (p *specParser) left() int { return len(p.rs) - p.pos }

// take consumes the next rune when it is r.
func (p *specParser) take(r rune) bool {
	if p.left() > 0 && p.rs[p.pos] == r {
		p.pos++
		return true
	}
	return false
}

// flags reads [[fill]align][sign][z][#][0].
func (p *specParser) flags(sp *fmtSpec, defaultAlign byte) {
	fillGiven, alignGiven := false, false
	if p.left() >= 2 && isAlign(p.rs[p.pos+1]) {
		sp.align = byte(p.rs[p.pos+1])
		sp.fill = p.rs[p.pos]
		fillGiven, alignGiven = true, true
		p.pos += 2
	} else if p.left() >= 1 && isAlign(p.rs[p.pos]) {
		sp.align = byte(p.rs[p.pos])
		alignGiven = true
		p.pos++
	}
	if p.left() >= 1 && (p.rs[p.pos] == '+' || p.rs[p.pos] == '-' || p.rs[p.pos] == ' ') {
		sp.sign = byte(p.rs[p.pos])
		p.pos++
	}
	sp.noNeg0 = p.take('z')
	sp.alternate = p.take('#')
	if !fillGiven && p.take('0') {
		sp.fill = '0'
		if !alignGiven && defaultAlign == '>' {
			sp.align = '='
		}
	}
}

// widthAndGrouping reads [width][,|_].
func (p *specParser) widthAndGrouping(sp *fmtSpec) error {
	n, consumed, err := specInteger(p.rs, &p.pos)
	if err != nil {
		return err
	}
	if consumed > 0 {
		sp.width = n
	}
	if p.take(',') {
		sp.thousands = ','
	}
	if p.left() > 0 && p.rs[p.pos] == '_' {
		if sp.thousands != 0 {
			return valueErr("Cannot specify both ',' and '_'.")
		}
		sp.thousands = '_'
		p.pos++
	}
	if p.left() > 0 && p.rs[p.pos] == ',' && sp.thousands == '_' {
		return valueErr("Cannot specify both ',' and '_'.")
	}
	return nil
}

// precision reads [.precision].
func (p *specParser) precision(sp *fmtSpec) error {
	if !p.take('.') {
		return nil
	}
	n, consumed, err := specInteger(p.rs, &p.pos)
	if err != nil {
		return err
	}
	if consumed == 0 {
		return valueErr("Format specifier missing precision")
	}
	sp.precision = n
	return nil
}

// checkGrouping refuses a grouping option the type does not take.
func checkGrouping(sp *fmtSpec) error {
	if sp.thousands == 0 {
		return nil
	}
	switch sp.typ {
	case 'd', 'e', 'f', 'g', 'E', 'G', '%', 'F', 0:
		return nil
	case 'b', 'o', 'x', 'X':
		if sp.thousands == '_' {
			sp.under4 = true
			return nil
		}
	}
	if sp.typ > 32 && sp.typ < 128 {
		return valueErr("Cannot specify '" + string(sp.thousands) + "' with '" + string(sp.typ) + "'.")
	}
	return valueErr("Cannot specify '" + string(sp.thousands) + "' with '\\x" + strconv.FormatInt(int64(sp.typ), 16) + "'.")
}

// specInteger reads decimal digits at *pos (CPython's get_integer).
func specInteger(rs []rune, pos *int) (n, consumed int, err error) {
	for *pos < len(rs) && rs[*pos] >= '0' && rs[*pos] <= '9' {
		if n > (math.MaxInt64-9)/10 {
			return 0, 0, valueErr("Too many decimal digits in format string")
		}
		n = n*10 + int(rs[*pos]-'0')
		*pos++
		consumed++
	}
	return n, consumed, nil
}

func unknownCode(typ rune, typeName string) error {
	if typ > 32 && typ < 128 {
		return valueErr("Unknown format code '" + string(typ) + "' for object of type '" + typeName + "'")
	}
	return valueErr("Unknown format code '\\x" + strconv.FormatInt(int64(typ), 16) + "' for object of type '" + typeName + "'")
}

// FormatValue is Python's format(obj, spec).
func FormatValue(obj *pyjson.Value, spec string) (string, error) {
	switch obj.Kind {
	case pyjson.Str:
		if spec == "" {
			return obj.Str, nil
		}
		return formatStr(obj.Str, spec)
	case pyjson.Bool:
		if spec == "" {
			return pyjson.StrOf(obj), nil
		}
		v := big.NewInt(0)
		if obj.Bool {
			v.SetInt64(1)
		}
		return formatInt(v, spec, "bool")
	case pyjson.Int:
		if spec == "" {
			return obj.Int, nil
		}
		v, _ := new(big.Int).SetString(obj.Int, 10)
		return formatInt(v, spec, "int")
	case pyjson.Float:
		if spec == "" {
			return pyjson.Repr(obj), nil
		}
		sp, err := parseSpec(spec, "float", 0, '>')
		if err != nil {
			return "", err
		}
		return formatFloat(obj.Float, sp, "float")
	case pyjson.Datetime:
		if spec == "" {
			return pyjson.StrOf(obj), nil
		}
		return obj.Time.Strftime(spec), nil
	case pyjson.Enum:
		// Enum.__format__ since Python 3.11 (Lib/enum.py):
		// str.__format__(str(self), format_spec), for plain and mixed-in
		// (str, int) Enums alike; 3.10 formatted a mixed-in member's value.
		return formatStr(pyjson.StrOf(obj), spec)
	}
	if spec != "" {
		return "", typeErr("unsupported format string passed to " + obj.TypeName() + ".__format__")
	}
	return pyjson.StrOf(obj), nil
}

func formatStr(s, spec string) (string, error) {
	sp, err := parseSpec(spec, "str", 's', '<')
	if err != nil {
		return "", err
	}
	if sp.typ != 's' {
		return "", unknownCode(sp.typ, "str")
	}
	switch {
	case sp.sign == ' ':
		return "", valueErr("Space not allowed in string format specifier")
	case sp.sign != 0:
		return "", valueErr("Sign not allowed in string format specifier")
	case sp.noNeg0:
		return "", valueErr("Negative zero coercion (z) not allowed in string format specifier")
	case sp.alternate:
		return "", valueErr("Alternate form (#) not allowed in string format specifier")
	case sp.align == '=':
		return "", valueErr("'=' alignment not allowed in string format specifier")
	}
	if sp.precision >= 0 && utf8.RuneCountInString(s) > sp.precision {
		n := 0
		for i := range s {
			if n == sp.precision {
				s = s[:i]
				break
			}
			n++
		}
	}
	return pad(s, "", sp), nil
}

// pad aligns body in sp.width with sp.fill; for '=' the fill goes between
// lead (sign and prefix) and body.
func pad(body, lead string, sp fmtSpec) string {
	n := utf8.RuneCountInString(lead) + utf8.RuneCountInString(body)
	if sp.width <= n {
		return lead + body
	}
	fill := strings.Repeat(string(sp.fill), sp.width-n)
	switch sp.align {
	case '<':
		return lead + body + fill
	case '^':
		left := (sp.width - n) / 2
		return strings.Repeat(string(sp.fill), left) + lead + body + strings.Repeat(string(sp.fill), sp.width-n-left)
	case '=':
		return lead + fill + body
	}
	return fill + lead + body
}

func formatInt(v *big.Int, spec, typeName string) (string, error) {
	sp, err := parseSpec(spec, typeName, 'd', '>')
	if err != nil {
		return "", err
	}
	switch sp.typ {
	case 'b', 'c', 'd', 'o', 'x', 'X', 'n':
	case 'e', 'E', 'f', 'F', 'g', 'G', '%':
		f, acc := new(big.Float).SetInt(v).Float64()
		if math.IsInf(f, 0) && acc != big.Exact {
			return "", pyexc.New(pyexc.OverflowError, "int too large to convert to float")
		}
		return formatFloat(f, sp, typeName)
	default:
		return "", unknownCode(sp.typ, typeName)
	}
	if sp.precision >= 0 {
		return "", valueErr("Precision not allowed in integer format specifier")
	}
	if sp.noNeg0 {
		return "", valueErr("Negative zero coercion (z) not allowed in integer format specifier")
	}
	neg := v.Sign() < 0
	abs := new(big.Int).Abs(v)
	prefix := ""
	var digits string
	switch sp.typ {
	case 'c':
		if sp.sign != 0 {
			return "", valueErr("Sign not allowed with integer format specifier 'c'")
		}
		if sp.alternate {
			return "", valueErr("Alternate form (#) not allowed with integer format specifier 'c'")
		}
		if neg || !v.IsInt64() || v.Int64() > 0x10ffff {
			return "", pyexc.New(pyexc.OverflowError, "%c arg not in range(0x110000)")
		}
		return pad(string(rune(v.Int64())), "", sp), nil
	case 'b':
		digits = abs.Text(2)
		prefix = "0b"
	case 'o':
		digits = abs.Text(8)
		prefix = "0o"
	case 'x':
		digits = abs.Text(16)
		prefix = "0x"
	case 'X':
		digits = strings.ToUpper(abs.Text(16))
		prefix = "0X"
	default:
		digits = abs.Text(10)
	}
	if !sp.alternate {
		prefix = ""
	}
	return layoutNumber(sp, neg, prefix, digits, ""), nil
}

// layoutNumber joins sign, prefix, the integer digits (grouped when asked,
// zero-padded into the grouping for '0' fill with '=' alignment) and the
// rest (fraction, exponent, percent sign), then pads to the width.
func layoutNumber(sp fmtSpec, neg bool, prefix, intDigits, rest string) string {
	sign := ""
	switch {
	case neg:
		sign = "-"
	case sp.sign == '+':
		sign = "+"
	case sp.sign == ' ':
		sign = " "
	}
	lead := sign + prefix
	if sp.thousands != 0 {
		sep := string(sp.thousands)
		every := 3
		if sp.under4 {
			every = 4
		}
		grouped := group(intDigits, sep, every)
		if sp.fill == '0' && sp.align == '=' && sp.width > 0 {
			min := sp.width - utf8.RuneCountInString(lead) - utf8.RuneCountInString(rest)
			if n := paddedDigits(len(intDigits), min, every); n > len(intDigits) {
				grouped = group(strings.Repeat("0", n-len(intDigits))+intDigits, sep, every)
			}
		}
		intDigits = grouped
	}
	return pad(intDigits+rest, lead, sp)
}

// paddedDigits is the number of digits, at least n, that zero padding
// gives an integer part grouped every `every` digits by a one-character
// separator so that it is at least min characters long: the fewest whose
// grouping (m digits and (m-1)/every separators) reaches min, as adding
// zeros one at a time until it does would find (CPython's
// _PyUnicode_InsertThousandsGrouping), without the quadratic work.
func paddedDigits(n, min, every int) int {
	grouped := func(m int) int { return m + (m-1)/every }
	m := max(n, min*every/(every+1))
	for grouped(m) < min {
		m++
	}
	for m > n && grouped(m-1) >= min {
		m--
	}
	return m
}

// group writes digits with sep between each group of every digits,
// counted from the right.
func group(digits, sep string, every int) string {
	if len(digits) <= every {
		return digits
	}
	var b strings.Builder
	first := len(digits) % every
	if first == 0 {
		first = every
	}
	b.WriteString(digits[:first])
	for i := first; i < len(digits); i += every {
		b.WriteString(sep)
		b.WriteString(digits[i : i+every])
	}
	return b.String()
}

// formatFloat is float.__format__ for a parsed spec (also used by int
// for the float presentation types).
func formatFloat(x float64, sp fmtSpec, typeName string) (string, error) {
	typ := sp.typ
	switch typ {
	case 0, 'e', 'E', 'f', 'F', 'g', 'G', 'n', '%':
	default:
		return "", unknownCode(typ, typeName)
	}
	addDot0 := false
	prec := sp.precision
	if typ == 0 {
		addDot0 = true
		if prec < 0 {
			typ = 'r'
		} else {
			typ = 'g'
		}
	}
	if typ == 'n' {
		typ = 'g'
	}
	pct := false
	if typ == '%' {
		typ = 'f'
		x *= 100
		pct = true
	}
	if prec < 0 {
		prec = 6
	}
	upper := typ == 'E' || typ == 'F' || typ == 'G'
	neg := math.Signbit(x) && !math.IsNaN(x)
	ax := math.Abs(x)
	var body string
	switch {
	case math.IsNaN(x):
		body = "nan"
	case math.IsInf(x, 0):
		body = "inf"
	default:
		switch typ {
		case 'r':
			body = string(pyjson.AppendFloatRepr(nil, ax))
		case 'f', 'F':
			body = strconv.FormatFloat(ax, 'f', prec, 64)
			if sp.alternate && prec == 0 {
				body += "."
			}
		case 'e', 'E':
			body = strconv.FormatFloat(ax, 'e', prec, 64)
			if sp.alternate && prec == 0 {
				i := strings.IndexByte(body, 'e')
				body = body[:i] + "." + body[i:]
			}
		case 'g', 'G':
			body = formatG(ax, prec, sp.alternate, addDot0)
		}
		if neg && sp.noNeg0 && strings.Trim(body, "0.e+-") == "" {
			neg = false
		}
	}
	if upper {
		body = strings.ToUpper(body)
	}
	if pct {
		body += "%"
	}
	i := 0
	for i < len(body) && body[i] >= '0' && body[i] <= '9' {
		i++
	}
	return layoutNumber(sp, neg, "", body[:i], body[i:]), nil
}

// formatG is the 'g' presentation of a non-negative finite x with
// precision p, as CPython's format_float_short writes it.
func formatG(x float64, p int, alt, addDot0 bool) string {
	if p == 0 {
		p = 1
	}
	s := strconv.FormatFloat(x, 'e', p-1, 64)
	epos := strings.IndexByte(s, 'e')
	exp, _ := strconv.Atoi(s[epos+1:])
	digits := strings.Replace(s[:epos], ".", "", 1)
	if !alt {
		digits = strings.TrimRight(digits, "0")
		if digits == "" {
			digits = "0"
		}
	}
	limit := p
	if addDot0 {
		limit = p - 1
	}
	if x != 0 && (exp < -4 || exp >= limit) {
		out := digits[:1]
		if len(digits) > 1 || alt {
			out += "." + digits[1:]
		}
		sign := "+"
		if exp < 0 {
			sign = "-"
			exp = -exp
		}
		e := strconv.Itoa(exp)
		if len(e) < 2 {
			e = "0" + e
		}
		return out + "e" + sign + e
	}
	if x == 0 {
		exp = 0
	}
	var intPart, frac string
	if exp >= 0 {
		if len(digits) <= exp+1 {
			intPart = digits + strings.Repeat("0", exp+1-len(digits))
		} else {
			intPart, frac = digits[:exp+1], digits[exp+1:]
		}
	} else {
		intPart = "0"
		frac = strings.Repeat("0", -exp-1) + digits
	}
	switch {
	case frac != "":
		return intPart + "." + frac
	case alt:
		return intPart + "."
	case addDot0:
		return intPart + ".0"
	}
	return intPart
}
