package httptool

import (
	"errors"
	"math"
	"net/http"
	"net/netip"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/agentschema/agentschema/internal/pyexc"
	"github.com/agentschema/agentschema/internal/pyformat"
	"github.com/agentschema/agentschema/internal/pyjson"
)

// This file builds the request HttpTool.run sends: the path parameters
// taken out of the model dump and formatted into the path (str.format),
// the URL as httpx.URL(scheme=, host=, port=, path=) builds and checks it,
// the query string of a GET or DELETE (httpx's QueryParams), the JSON
// body of a POST, PUT or PATCH (httpx 0.28's json encoding) and the
// headers.

// pathParamRE is HttpTool's regex for path parameters.
var pathParamRE = regexp.MustCompile(`{([^}]*)}`)

// pathParams are the names in braces in path, in order, each once.
func pathParams(path string) []string {
	var out []string
	for _, m := range pathParamRE.FindAllStringSubmatch(path, -1) {
		if !containsString(out, m[1]) {
			out = append(out, m[1])
		}
	}
	return out
}

func containsString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// request is one request, ready to send.
type request struct {
	method string
	url    *url.URL
	header http.Header
	host   string // a Host header from the config, or ""
	body   []byte // nil for GET and DELETE
}

// buildRequest is HttpTool.run up to the request's sending: dump is the
// validated arguments' model_dump().
func (t *HTTPTool) buildRequest(dump pyjson.Value) (*request, error) {
	cfg := &t.cfg
	// The path parameters, taken out of the dump.
	params := map[string]pyjson.Value{}
	for _, name := range t.pathParams {
		if v, ok := dump.Get(name); ok {
			params[name] = *v
		}
	}
	for _, name := range t.pathParams {
		if !remove(&dump, name) {
			return nil, keyError(name)
		}
	}
	path, err := formatPath(cfg.Path, t.pathParams, params)
	if err != nil {
		return nil, err
	}
	u, err := httpxURL(cfg.Scheme, cfg.Host, cfg.Port, path)
	if err != nil {
		return nil, err
	}
	header, host, err := buildHeaders(t.headers)
	if err != nil {
		return nil, err
	}
	method := "POST"
	if cfg.Method != nil {
		method = *cfg.Method
	}
	r := &request{method: method, url: u, header: header, host: host}
	switch method {
	case "GET", "DELETE":
		if q, ok := queryString(&dump); ok {
			u.RawQuery = q
			u.ForceQuery = q == ""
		}
	default:
		body, err := appendBodyJSON(nil, &dump)
		if err != nil {
			return nil, err
		}
		r.body = body
		if !hasHeader(header, "Content-Type") {
			header["Content-Type"] = []string{"application/json"}
		}
	}
	return r, nil
}

// remove deletes the str key k from dict d, as dict.pop does (false when
// it is missing).
func remove(d *pyjson.Value, k string) bool {
	for i := range d.Keys {
		if d.Keys[i].Kind == pyjson.Str && d.Keys[i].Str == k {
			d.Keys = append(d.Keys[:i:i], d.Keys[i+1:]...)
			d.Vals = append(d.Vals[:i:i], d.Vals[i+1:]...)
			return true
		}
	}
	return false
}

// --- str.format ---

// formatPath is path.format(**params) (internal/pyformat, CPython's
// str.format); its exceptions are *Error values of their class.
func formatPath(path string, names []string, params map[string]pyjson.Value) (string, error) {
	kw := dict()
	for _, name := range names {
		v, ok := params[name]
		if !ok {
			continue
		}
		if holdsSet(&v) {
			v = pyjson.ObjectValue(pyStr(&v)) // a set's str() and repr() are alike
		}
		kw.Set(name, v)
	}
	out, err := pyformat.Format(path, &kw)
	if err != nil {
		var pe *pyexc.Error
		if errors.As(err, &pe) {
			return "", &Error{Type: string(pe.Exception), Msg: pe.Message, Err: err}
		}
		return "", err
	}
	return out, nil
}

// pyStr is Python's str(v) of a dumped value (a set included).
func pyStr(v *pyjson.Value) string {
	switch v.Kind {
	case pyjson.Str, pyjson.Object, pyjson.Datetime, pyjson.Enum:
		return pyjson.StrOf(v)
	}
	return pyRepr(v, pyjson.Options{})
}

// pyRepr is Python's repr(v) of a dumped value: pyjson's, with sets
// written as sets ({1, 2}, set()) in the order they were validated (a
// Python set's order is its hash order, which is not reproduced).
func pyRepr(v *pyjson.Value, o pyjson.Options) string {
	if !holdsSet(v) {
		return o.Repr(v)
	}
	var b strings.Builder
	switch {
	case isSet(v) && len(v.List) == 0:
		b.WriteString("set()")
	case v.Kind == pyjson.List:
		open, end := "[", "]"
		if isSet(v) {
			open, end = "{", "}"
		}
		b.WriteString(open)
		for i := range v.List {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(pyRepr(&v.List[i], o))
		}
		b.WriteString(end)
	case v.Kind == pyjson.Dict:
		b.WriteString("{")
		for i := range v.Keys {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(o.Repr(&v.Keys[i]))
			b.WriteString(": ")
			b.WriteString(pyRepr(&v.Vals[i], o))
		}
		b.WriteString("}")
	}
	return b.String()
}

func holdsSet(v *pyjson.Value) bool {
	switch v.Kind {
	case pyjson.List:
		if isSet(v) {
			return true
		}
		for i := range v.List {
			if holdsSet(&v.List[i]) {
				return true
			}
		}
	case pyjson.Dict:
		for i := range v.Vals {
			if holdsSet(&v.Vals[i]) {
				return true
			}
		}
	}
	return false
}

// --- the URL ---

const (
	unreservedChars = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"
	subDelims       = "!$&'()*+,;="
	maxURLLength    = 65536
)

// pathSafe is httpx's PATH_SAFE: printable ASCII but for space, ", #, <,
// >, ?, `, { and }.
var pathSafe = func() string {
	var b strings.Builder
	for c := 0x20; c < 0x7f; c++ {
		if !strings.ContainsRune(" \"#<>?`{}", rune(c)) {
			b.WriteByte(byte(c))
		}
	}
	return b.String()
}()

// httpxURL is httpx.URL(scheme=scheme, host=host, port=port, path=path):
// the components checked and normalized as httpx's urlparse does them.
func httpxURL(scheme, host string, port int, path string) (*url.URL, error) {
	if strings.Contains(host, ":") && !(strings.HasPrefix(host, "[") && strings.HasSuffix(host, "]")) {
		host = "[" + host + "]"
	}
	portText := strconv.Itoa(port)
	for _, kv := range [][2]string{{"scheme", scheme}, {"host", host}, {"port", portText}, {"path", path}} {
		key, value := kv[0], kv[1]
		if len([]rune(value)) > maxURLLength {
			return nil, pyErr("InvalidURL", "URL component '%s' too long", key)
		}
		for i, r := range []rune(value) {
			if r < 0x20 || r == 0x7f {
				return nil, pyErr("InvalidURL", "Invalid non-printable ASCII character in URL %s component, %s at position %d.", key, charRepr(r), i)
			}
		}
		if key == "path" && strings.ContainsAny(value, "?#") {
			return nil, pyErr("InvalidURL", "Invalid URL component 'path'")
		}
	}
	h, err := encodeHost(host)
	if err != nil {
		return nil, err
	}
	if h == "" {
		return nil, pyErr("UnsupportedProtocol", "Request URL is missing a host.")
	}
	if path != "" && !strings.HasPrefix(path, "/") {
		return nil, pyErr("InvalidURL", "For absolute URLs, path must be empty or begin with '/'")
	}
	path = quote(normalizePath(path), pathSafe)
	netloc := h
	if strings.Contains(h, ":") {
		netloc = "[" + h + "]"
	}
	if default_ := map[string]int{"http": 80, "https": 443}[scheme]; port != default_ {
		netloc += ":" + portText
	}
	if path == "" {
		path = "/"
	}
	return &url.URL{Scheme: scheme, Host: netloc, Opaque: path}, nil
}

var ipv4Style = regexp.MustCompile(`^[0-9]+\.[0-9]+\.[0-9]+\.[0-9]+$`)

// encodeHost is httpx's encode_host: IPv4 and bracketed IPv6 addresses
// checked, an ASCII name lower-cased and percent-encoded. A name with
// other characters is lower-cased and left to Go's client, which writes it
// as IDNA (httpx uses the idna package, IDNA 2008, which refuses some
// names Go's lenient profile accepts).
func encodeHost(host string) (string, error) {
	repr := func() string { v := pyjson.StrValue(host); return pyjson.Repr(&v) }
	switch {
	case host == "":
		return "", nil
	case ipv4Style.MatchString(host):
		a, err := netip.ParseAddr(host)
		if err != nil || !a.Is4() {
			return "", pyErr("InvalidURL", "Invalid IPv4 address: %s", repr())
		}
		return host, nil
	case strings.HasPrefix(host, "[") && strings.HasSuffix(host, "]") && len(host) >= 2:
		a, err := netip.ParseAddr(host[1 : len(host)-1])
		if err != nil || !a.Is6() {
			return "", pyErr("InvalidURL", "Invalid IPv6 address: %s", repr())
		}
		return host[1 : len(host)-1], nil
	case isASCII(host):
		return quote(strings.ToLower(host), subDelims+"\"`{}%|\\"), nil
	}
	return strings.ToLower(host), nil
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// normalizePath is httpx's normalize_path: "." and ".." segments dropped.
func normalizePath(path string) string {
	if !strings.Contains(path, ".") {
		return path
	}
	parts := strings.Split(path, "/")
	if !containsString(parts, ".") && !containsString(parts, "..") {
		return path
	}
	var out []string
	for _, p := range parts {
		switch p {
		case ".":
		case "..":
			if len(out) > 0 && !(len(out) == 1 && out[0] == "") {
				out = out[:len(out)-1]
			}
		default:
			out = append(out, p)
		}
	}
	return strings.Join(out, "/")
}

// quote is httpx's quote: characters outside the unreserved ones and safe
// percent-encoded (UTF-8, upper-case hex), existing %XX escapes kept.
func quote(s, safe string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		if s[i] == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]) {
			b.WriteString(s[i : i+3])
			i += 3
			continue
		}
		r, w := utf8.DecodeRuneInString(s[i:])
		if r < 0x80 && (strings.IndexByte(unreservedChars, byte(r)) >= 0 || strings.IndexByte(safe, byte(r)) >= 0) {
			b.WriteByte(byte(r))
		} else {
			for _, c := range []byte(string(r)) {
				b.WriteByte('%')
				b.WriteByte("0123456789ABCDEF"[c>>4])
				b.WriteByte("0123456789ABCDEF"[c&15])
			}
		}
		i += w
	}
	return b.String()
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// --- the query string ---

// queryString is str(QueryParams(dump)) as httpx builds the query of a GET
// or DELETE: each list's items as repeated keys, each value as
// primitive_value_to_str writes it, urlencoded (quote_plus). ok is false
// when there is no query at all (an empty dump): httpx then writes no "?".
func queryString(dump *pyjson.Value) (string, bool) {
	if len(dump.Keys) == 0 {
		return "", false
	}
	var parts []string
	for i := range dump.Keys {
		k := url.QueryEscape(dump.Keys[i].Str)
		v := &dump.Vals[i]
		if v.Kind == pyjson.List && !isSet(v) || v.Kind == pyjson.Tuple {
			for j := range v.List {
				parts = append(parts, k+"="+url.QueryEscape(primitiveValueToStr(&v.List[j])))
			}
			continue
		}
		parts = append(parts, k+"="+url.QueryEscape(primitiveValueToStr(v)))
	}
	return strings.Join(parts, "&"), true
}

// primitiveValueToStr is httpx's primitive_value_to_str: "true", "false",
// "" for None, str() of anything else.
func primitiveValueToStr(v *pyjson.Value) string {
	switch v.Kind {
	case pyjson.Bool:
		if v.Bool {
			return "true"
		}
		return "false"
	case pyjson.None:
		return ""
	}
	return pyStr(v)
}

// --- the JSON body ---

// appendBodyJSON appends the body httpx 0.28 sends for json=v:
// json.dumps(v, ensure_ascii=False, separators=(",", ":"),
// allow_nan=False) in UTF-8. A datetime or a set is json.dumps's
// TypeError, a NaN or infinity its ValueError.
func appendBodyJSON(b []byte, v *pyjson.Value) ([]byte, error) {
	switch v.Kind {
	case pyjson.None:
		return append(b, "null"...), nil
	case pyjson.Bool:
		return strconv.AppendBool(b, v.Bool), nil
	case pyjson.Int:
		return append(b, v.Int...), nil
	case pyjson.Float:
		if math.IsNaN(v.Float) || math.IsInf(v.Float, 0) {
			return nil, pyErr("ValueError", "Out of range float values are not JSON compliant: %s", pyjson.FloatRepr(v.Float))
		}
		return pyjson.AppendFloatRepr(b, v.Float), nil
	case pyjson.Str:
		return pyjson.AppendQuote(b, v.Str), nil
	case pyjson.List, pyjson.Tuple:
		if isSet(v) {
			return nil, pyErr("TypeError", "Object of type set is not JSON serializable")
		}
		b = append(b, '[')
		for i := range v.List {
			if i > 0 {
				b = append(b, ',')
			}
			var err error
			if b, err = appendBodyJSON(b, &v.List[i]); err != nil {
				return nil, err
			}
		}
		return append(b, ']'), nil
	case pyjson.Dict:
		b = append(b, '{')
		for i := range v.Keys {
			if i > 0 {
				b = append(b, ',')
			}
			b = pyjson.AppendQuote(b, pyjson.KeyText(&v.Keys[i]))
			b = append(b, ':')
			var err error
			if b, err = appendBodyJSON(b, &v.Vals[i]); err != nil {
				return nil, err
			}
		}
		return append(b, '}'), nil
	}
	return nil, pyErr("TypeError", "Object of type %s is not JSON serializable", v.TypeName())
}

// --- the headers ---

// buildHeaders is the request's headers: httpx's defaults (Accept and
// Accept-Encoding; the User-Agent is Go's), then the config's, each
// replacing a default of the same name whatever its case, names written as
// given. A value that is not a string is httpx's TypeError; a name or
// value outside ASCII its UnicodeEncodeError. host is the value of a Host
// header, which Go's client takes apart from the others.
func buildHeaders(cfg *pyjson.Value) (http.Header, string, error) {
	h := http.Header{
		"Accept":          {"*/*"},
		"Accept-Encoding": {"gzip, deflate"},
	}
	host := ""
	if cfg == nil {
		return h, host, nil
	}
	for i := range cfg.Keys {
		k, v := cfg.Keys[i].Str, &cfg.Vals[i]
		if err := unicodeEncodeError(k); err != nil {
			return nil, "", err
		}
		if v.Kind != pyjson.Str {
			return nil, "", pyErr("TypeError", "Header value must be str or bytes, not %s", typeClass(v))
		}
		if err := unicodeEncodeError(v.Str); err != nil {
			return nil, "", err
		}
	}
	// Headers.update: the defaults named again (in any case) go, then
	// every config header is added.
	for name := range h {
		for i := range cfg.Keys {
			if strings.EqualFold(name, cfg.Keys[i].Str) {
				delete(h, name)
				break
			}
		}
	}
	for i := range cfg.Keys {
		k, v := cfg.Keys[i].Str, cfg.Vals[i].Str
		if strings.EqualFold(k, "Host") {
			host = v
			continue
		}
		h[k] = append(h[k], v)
	}
	return h, host, nil
}

func hasHeader(h http.Header, name string) bool {
	for k := range h {
		if strings.EqualFold(k, name) {
			return true
		}
	}
	return false
}
