package serve

import (
	_ "embed"
	"errors"
	"net/http"
	"strconv"
	"time"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/pkg/messages"
	"github.com/agentschema/agentschema/pkg/session"
)

// sessionError writes the response for a store's error.
func (h *Handler) sessionError(w http.ResponseWriter, id string, err error) {
	var ce *session.CursorError
	switch {
	case errors.Is(err, session.ErrNotFound):
		writeError(w, http.StatusNotFound, "no session "+id, "")
	case errors.Is(err, session.ErrBusy):
		writeError(w, http.StatusConflict, "session "+id+" is running", "")
	case errors.As(err, &ce):
		writeError(w, http.StatusBadRequest, err.Error(), "")
	default:
		h.log.Error("session store", "session", id, "error", err.Error())
		writeError(w, http.StatusInternalServerError, "the session store failed", "")
	}
}

// pathID is the request's session ID, or false (and a 400 written).
func pathID(w http.ResponseWriter, r *http.Request) (string, bool) {
	id := r.PathValue("id")
	if err := session.CheckID(id); err != nil {
		writeError(w, http.StatusBadRequest, err.Error(), "")
		return "", false
	}
	return id, true
}

// page reads ?after= and ?limit=, or false (and a 400 written).
func readPage(w http.ResponseWriter, r *http.Request) (session.Page, bool) {
	p := session.Page{After: r.URL.Query().Get("after")}
	if s := r.URL.Query().Get("limit"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 || n > session.MaxLimit {
			writeError(w, http.StatusBadRequest, "limit must be an integer from 1 to "+strconv.Itoa(session.MaxLimit), "")
			return p, false
		}
		p.Limit = n
	}
	return p, true
}

func (h *Handler) getSession(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(w, r)
	if !ok {
		return
	}
	s, err := h.opts.Sessions.Get(r.Context(), id)
	if err != nil {
		h.sessionError(w, id, err)
		return
	}
	writeJSON(w, http.StatusOK, s)
}

func (h *Handler) deleteSession(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(w, r)
	if !ok {
		return
	}
	if err := h.opts.Sessions.Delete(r.Context(), id); err != nil {
		h.sessionError(w, id, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// sessionSummary is a session in the list (without its state).
type sessionSummary struct {
	ID      string    `json:"id"`
	Runs    int64     `json:"runs"`
	Created time.Time `json:"created"`
	Updated time.Time `json:"updated"`
}

func (h *Handler) listSessions(w http.ResponseWriter, r *http.Request) {
	p, ok := readPage(w, r)
	if !ok {
		return
	}
	list, err := h.opts.Sessions.List(r.Context(), p)
	if err != nil {
		h.sessionError(w, "", err)
		return
	}
	out := struct {
		Sessions []sessionSummary `json:"sessions"`
		Next     *string          `json:"next"`
	}{Sessions: []sessionSummary{}}
	for _, s := range list {
		out.Sessions = append(out.Sessions, sessionSummary{s.ID, s.Runs, s.Created, s.Updated})
	}
	if len(list) == p.Size() {
		out.Next = &list[len(list)-1].ID
	}
	writeJSON(w, http.StatusOK, out)
}

func (h *Handler) listRuns(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(w, r)
	if !ok {
		return
	}
	p, ok := readPage(w, r)
	if !ok {
		return
	}
	runs, err := h.opts.Sessions.Runs(r.Context(), id, p)
	if err != nil {
		h.sessionError(w, id, err)
		return
	}
	out := struct {
		Runs []session.Run `json:"runs"`
		Next *string       `json:"next"`
	}{Runs: runs}
	if len(runs) == p.Size() {
		next := strconv.FormatInt(runs[len(runs)-1].ID, 10)
		out.Next = &next
	}
	writeJSON(w, http.StatusOK, out)
}

//go:embed playground.html
var playground []byte

// page serves the playground.
func (h *Handler) page(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	w.Write(playground)
}

// console renders one run_stream item as AutoGen's Console prints it (for
// the playground): {"header": "---------- TYPE (source) ----------",
// "text": to_text()}; a streaming chunk's text is printed without a
// newline under its first chunk's header.
func (h *Handler) console(w http.ResponseWriter, r *http.Request) {
	body, ok := h.readBody(w, r)
	if !ok {
		return
	}
	f := messages.NewMessageFactory()
	_ = f.Register(&gen.SelectorEvent{})
	m, err := f.Create(body)
	if err != nil {
		writeFault(w, err)
		return
	}
	text, err := messages.ToText(m)
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error(), "")
		return
	}
	_, chunk := m.(*gen.ModelClientStreamingChunkEvent)
	writeJSON(w, http.StatusOK, map[string]any{
		"header": "---------- " + m.Type() + " (" + messages.Source(m) + ") ----------",
		"text":   text,
		"chunk":  chunk,
	})
}
