package httptool

import (
	"bytes"
	"compress/flate"
	"compress/gzip"
	"compress/zlib"
	"context"
	"crypto/tls"
	"crypto/x509"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math"
	"mime"
	"net"
	"net/http"
	"net/url"
	"os"
	"strings"
	"syscall"
	"time"
	"unicode/utf16"
	"unicode/utf8"
)

// This file sends a request as a fresh httpx.AsyncClient(timeout=t) does,
// one per call: HTTP/1.1, no redirects followed, proxies from the
// environment, and httpx.Timeout(t): every connect, every read and every
// write may take t (a per-operation limit, not one for the whole call).
// The answer is read whole and its Content-Encoding (gzip, deflate)
// undone.

// response is what the tool reads of an answer.
type response struct {
	status int
	header http.Header
	body   []byte // decoded
}

// send sends r and reads the answer.
func (t *HTTPTool) send(ctx context.Context, r *request) (*response, error) {
	timeout := t.timeout()
	tr := &http.Transport{
		Proxy:               http.ProxyFromEnvironment,
		DialContext:         dialer(timeout),
		TLSHandshakeTimeout: timeout,
		DisableCompression:  true,
		ForceAttemptHTTP2:   false,
	}
	defer tr.CloseIdleConnections()
	client := &http.Client{
		Transport:     tr,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
	var body io.Reader
	if r.body != nil {
		body = bytes.NewReader(r.body)
	}
	// The request line is r.url's Opaque as it is: the request is made
	// for the origin alone, then given the whole URL.
	origin := (&url.URL{Scheme: r.url.Scheme, Host: r.url.Host}).String()
	req, err := http.NewRequestWithContext(ctx, r.method, origin, body)
	if err != nil {
		return nil, &Error{Type: "InvalidURL", Msg: err.Error(), Err: err}
	}
	req.URL = r.url
	req.Host = r.url.Host
	req.Header = r.header
	if r.host != "" {
		req.Host = r.host
	}
	start := time.Now()
	resp, err := client.Do(req)
	logRequest(req, resp, start)
	if err != nil {
		return nil, transportError(ctx, err, false)
	}
	defer resp.Body.Close()
	cr := &countingReader{r: resp.Body}
	raw, err := io.ReadAll(cr)
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		if errors.Is(err, io.ErrUnexpectedEOF) {
			msg := "peer closed connection without sending complete message body: "
			if resp.ContentLength >= 0 {
				msg += fmt.Sprintf("received %d bytes, expected %d", cr.n, resp.ContentLength)
			} else {
				msg += "incomplete chunked read"
			}
			return nil, &Error{Type: "RemoteProtocolError", Msg: msg, Err: err}
		}
		return nil, transportError(ctx, err, true)
	}
	decoded, err := decodeContent(resp.Header, raw)
	if err != nil {
		return nil, err
	}
	return &response{status: resp.StatusCode, header: resp.Header, body: decoded}, nil
}

// timeout is the per-operation limit (none for an infinite or NaN one).
func (t *HTTPTool) timeout() time.Duration {
	s := t.cfg.Timeout
	if math.IsInf(s, 1) || math.IsNaN(s) || s*float64(time.Second) >= math.MaxInt64 {
		return 0
	}
	if s <= 0 {
		return time.Nanosecond // already over, as anyio's fail_after(0)
	}
	return time.Duration(s * float64(time.Second))
}

type countingReader struct {
	r io.Reader
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

// dialError marks a failure to connect.
type dialError struct{ err error }

func (e *dialError) Error() string { return e.err.Error() }
func (e *dialError) Unwrap() error { return e.err }

// opTimeout marks a read or write that took longer than the timeout.
type opTimeout struct {
	op  string // "read" or "write"
	err error
}

func (e *opTimeout) Error() string   { return e.op + " timed out: " + e.err.Error() }
func (e *opTimeout) Unwrap() error   { return e.err }
func (e *opTimeout) Timeout() bool   { return true }
func (e *opTimeout) Temporary() bool { return false }

// dialer connects within timeout and limits each read and write of the
// connection to timeout.
func dialer(timeout time.Duration) func(ctx context.Context, network, addr string) (net.Conn, error) {
	return func(ctx context.Context, network, addr string) (net.Conn, error) {
		d := net.Dialer{Timeout: timeout}
		c, err := d.DialContext(ctx, network, addr)
		if err != nil {
			return nil, &dialError{err}
		}
		if timeout <= 0 {
			return c, nil
		}
		return &deadlineConn{Conn: c, timeout: timeout}, nil
	}
}

// deadlineConn gives each read and write its own deadline, as httpcore
// gives each its own timeout. A read pending while the request is written
// (Go's client waits for the answer from the start) has its deadline
// pushed back by each write: the wait for the answer starts once the
// request is sent.
type deadlineConn struct {
	net.Conn
	timeout time.Duration
}

func (c *deadlineConn) Read(p []byte) (int, error) {
	_ = c.Conn.SetReadDeadline(time.Now().Add(c.timeout))
	n, err := c.Conn.Read(p)
	if err != nil && errors.Is(err, os.ErrDeadlineExceeded) {
		err = &opTimeout{op: "read", err: err}
	}
	return n, err
}

func (c *deadlineConn) Write(p []byte) (int, error) {
	_ = c.Conn.SetWriteDeadline(time.Now().Add(c.timeout))
	n, err := c.Conn.Write(p)
	if err != nil && errors.Is(err, os.ErrDeadlineExceeded) {
		err = &opTimeout{op: "write", err: err}
	}
	_ = c.Conn.SetReadDeadline(time.Now().Add(c.timeout))
	return n, err
}

// transportError is the httpx exception of a failed exchange (the
// context's error when ctx ended it). reading is set for a failure while
// reading the body.
func transportError(ctx context.Context, err error, reading bool) error {
	if ctxErr := ctx.Err(); ctxErr != nil {
		return ctxErr
	}
	var (
		de  *dialError
		ot  *opTimeout
		dns *net.DNSError
	)
	switch {
	case errors.As(err, &de):
		var ne net.Error
		if errors.As(de.err, &ne) && ne.Timeout() {
			return &Error{Type: "ConnectTimeout", Err: err}
		}
		if errors.As(de.err, &dns) {
			if dns.IsNotFound {
				return &Error{Type: "ConnectError", Msg: "[Errno -2] Name or service not known", Err: err}
			}
			return &Error{Type: "ConnectError", Msg: "[Errno -3] Temporary failure in name resolution", Err: err}
		}
		return &Error{Type: "ConnectError", Msg: "All connection attempts failed", Err: err}
	case errors.As(err, &ot):
		if ot.op == "write" {
			return &Error{Type: "WriteTimeout", Err: err}
		}
		return &Error{Type: "ReadTimeout", Err: err}
	case isTLSError(err):
		var ne net.Error
		if errors.As(err, &ne) && ne.Timeout() {
			return &Error{Type: "ConnectTimeout", Err: err}
		}
		return &Error{Type: "ConnectError", Msg: err.Error(), Err: err}
	case errors.Is(err, syscall.ECONNRESET):
		return &Error{Type: "ReadError", Msg: "[Errno 104] Connection reset by peer", Err: err}
	case errors.Is(err, syscall.EPIPE):
		return &Error{Type: "WriteError", Msg: "[Errno 32] Broken pipe", Err: err}
	case !reading && (errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF)):
		return &Error{Type: "RemoteProtocolError", Msg: "Server disconnected without sending a response.", Err: err}
	case strings.Contains(err.Error(), "invalid header field"):
		return &Error{Type: "LocalProtocolError", Msg: err.Error(), Err: err}
	}
	if reading {
		return &Error{Type: "ReadError", Msg: err.Error(), Err: err}
	}
	return &Error{Type: "RemoteProtocolError", Msg: err.Error(), Err: err}
}

func isTLSError(err error) bool {
	var (
		rh  tls.RecordHeaderError
		ae  tls.AlertError
		cv  *tls.CertificateVerificationError
		ua  x509.UnknownAuthorityError
		hn  x509.HostnameError
		inv x509.CertificateInvalidError
	)
	return errors.As(err, &rh) || errors.As(err, &ae) || errors.As(err, &cv) ||
		errors.As(err, &ua) || errors.As(err, &hn) || errors.As(err, &inv) ||
		strings.Contains(err.Error(), "tls: ")
}

// decodeContent undoes the Content-Encoding as httpx does: each listed
// coding httpx knows (identity, gzip, deflate) undone, last first; others
// ignored. A body that does not decode is httpx's DecodingError.
func decodeContent(h http.Header, body []byte) ([]byte, error) {
	var codings []string
	for _, v := range h.Values("Content-Encoding") {
		for _, c := range strings.Split(v, ",") {
			c = strings.ToLower(strings.TrimSpace(c))
			if c == "gzip" || c == "deflate" || c == "identity" {
				codings = append(codings, c)
			}
		}
	}
	for i := len(codings) - 1; i >= 0; i-- {
		var (
			out []byte
			err error
		)
		switch codings[i] {
		case "gzip":
			var zr *gzip.Reader
			if zr, err = gzip.NewReader(bytes.NewReader(body)); err == nil {
				zr.Multistream(false)
				out, err = io.ReadAll(zr)
			}
		case "deflate":
			var zr io.ReadCloser
			if zr, err = zlib.NewReader(bytes.NewReader(body)); err == nil {
				out, err = io.ReadAll(zr)
			} else {
				// httpx's DeflateDecoder retries raw deflate.
				out, err = io.ReadAll(flate.NewReader(bytes.NewReader(body)))
			}
		default:
			continue
		}
		if err != nil && len(body) > 0 {
			return nil, &Error{Type: "DecodingError", Msg: err.Error(), Err: err}
		}
		body = out
	}
	return body, nil
}

// text is httpx's Response.text: the body decoded by the Content-Type's
// charset, or UTF-8, bad bytes replaced by U+FFFD. The charsets decoded
// are UTF-8 (and utf-8-sig), ASCII, Latin-1 and UTF-16 and UTF-32 in
// their forms; any other is read as UTF-8 (httpx uses any codec Python
// knows).
func text(h http.Header, body []byte) string {
	if len(body) == 0 {
		return ""
	}
	charset := ""
	if ct := h.Get("Content-Type"); ct != "" {
		if _, params, err := mime.ParseMediaType(ct); err == nil {
			charset = strings.ToLower(strings.TrimSpace(params["charset"]))
		}
	}
	switch strings.ReplaceAll(charset, "_", "-") {
	case "ascii", "us-ascii", "646":
		var b strings.Builder
		for _, c := range body {
			if c < 0x80 {
				b.WriteByte(c)
			} else {
				b.WriteRune(utf8.RuneError)
			}
		}
		return b.String()
	case "latin-1", "latin1", "iso-8859-1", "iso8859-1", "8859", "cp819", "l1", "iso-ir-100":
		runes := make([]rune, len(body))
		for i, c := range body {
			runes[i] = rune(c)
		}
		return string(runes)
	case "utf-8-sig", "utf8-sig":
		return decodeUTF8(bytes.TrimPrefix(body, []byte("\xef\xbb\xbf")))
	}
	if enc, ok := wideCharsets[strings.ReplaceAll(charset, "_", "-")]; ok {
		s, _ := decodeWide(enc, body)
		return s
	}
	return decodeUTF8(body)
}

// wideCharsets maps the names of UTF-16 and UTF-32 to decodeWide's.
var wideCharsets = map[string]string{
	"utf-16": "utf-16", "utf16": "utf-16", "utf-16-le": "utf-16-le", "utf-16le": "utf-16-le",
	"utf-16-be": "utf-16-be", "utf-16be": "utf-16-be", "utf-32": "utf-32", "utf32": "utf-32",
	"utf-32-le": "utf-32-le", "utf-32le": "utf-32-le", "utf-32-be": "utf-32-be", "utf-32be": "utf-32-be",
}

// decodeUTF8 is Python's bytes.decode("utf-8", "replace"): each maximal
// invalid subsequence becomes one U+FFFD.
func decodeUTF8(b []byte) string {
	if utf8.Valid(b) {
		return string(b)
	}
	var sb strings.Builder
	for i := 0; i < len(b); {
		r, w := utf8.DecodeRune(b[i:])
		if r != utf8.RuneError || w > 1 {
			sb.WriteRune(r)
			i += w
			continue
		}
		sb.WriteRune(utf8.RuneError)
		i += invalidRun(b[i:])
	}
	return sb.String()
}

// invalidRun is the length of the maximal subpart of an ill-formed UTF-8
// sequence at the start of b (at least 1), as Python's decoder skips it.
func invalidRun(b []byte) int {
	c := b[0]
	var n int
	lo, hi := byte(0x80), byte(0xBF)
	switch {
	case c >= 0xC2 && c <= 0xDF:
		n = 1
	case c == 0xE0:
		n, lo = 2, 0xA0
	case c >= 0xE1 && c <= 0xEC, c == 0xEE, c == 0xEF:
		n = 2
	case c == 0xED:
		n, hi = 2, 0x9F
	case c == 0xF0:
		n, lo = 3, 0x90
	case c >= 0xF1 && c <= 0xF3:
		n = 3
	case c == 0xF4:
		n, hi = 3, 0x8F
	default:
		return 1
	}
	i := 1
	for ; i <= n && i < len(b); i++ {
		if i == 1 && (b[i] < lo || b[i] > hi) || i > 1 && (b[i] < 0x80 || b[i] > 0xBF) {
			break
		}
	}
	return i
}

// decodeWide decodes UTF-16 or UTF-32 (with "utf-16" and "utf-32" reading
// a BOM, little-endian without one), bad units replaced by U+FFFD; ok is
// false when something was replaced.
func decodeWide(enc string, b []byte) (string, bool) {
	ok := true
	var order binary.ByteOrder = binary.LittleEndian
	switch enc {
	case "utf-16", "utf-32":
		switch {
		case enc == "utf-32" && bytes.HasPrefix(b, []byte{0xFF, 0xFE, 0, 0}):
			b = b[4:]
		case enc == "utf-32" && bytes.HasPrefix(b, []byte{0, 0, 0xFE, 0xFF}):
			b, order = b[4:], binary.BigEndian
		case enc == "utf-16" && bytes.HasPrefix(b, []byte{0xFF, 0xFE}):
			b = b[2:]
		case enc == "utf-16" && bytes.HasPrefix(b, []byte{0xFE, 0xFF}):
			b, order = b[2:], binary.BigEndian
		}
	case "utf-16-be", "utf-32-be":
		order = binary.BigEndian
	}
	var runes []rune
	if strings.HasPrefix(enc, "utf-32") {
		for len(b) >= 4 {
			r := rune(order.Uint32(b))
			if !utf8.ValidRune(r) {
				r, ok = utf8.RuneError, false
			}
			runes = append(runes, r)
			b = b[4:]
		}
	} else {
		units := make([]uint16, 0, len(b)/2)
		for len(b) >= 2 {
			units = append(units, order.Uint16(b))
			b = b[2:]
		}
		runes = utf16.Decode(units)
		for _, r := range runes {
			if r == utf8.RuneError {
				ok = false
			}
		}
	}
	if len(b) > 0 {
		runes, ok = append(runes, utf8.RuneError), false
	}
	return string(runes), ok
}

// logRequest logs a tool request with log/slog's default logger at debug
// level: method, URL (scheme, host and path: a query may hold a key),
// status and duration; never a header.
func logRequest(req *http.Request, resp *http.Response, start time.Time) {
	ctx := req.Context()
	if !slog.Default().Enabled(ctx, slog.LevelDebug) {
		return
	}
	path := req.URL.Path
	if req.URL.Opaque != "" {
		path, _, _ = strings.Cut(req.URL.Opaque, "?")
	}
	attrs := []any{"method", req.Method, "url", req.URL.Scheme + "://" + req.URL.Host + path, "duration", time.Since(start)}
	if resp != nil {
		attrs = append(attrs, "status", resp.StatusCode)
	} else {
		attrs = append(attrs, "failed", true)
	}
	slog.DebugContext(ctx, "tool request", attrs...)
}
