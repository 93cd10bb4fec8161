// Package serve is the HTTP service of a team: 'agentschema serve' and,
// for programs that embed it, an http.Handler (New). It owns the
// endpoints, their request decoding and error bodies, the run of a
// session's team from its saved state, and the playground page; the
// sessions are kept by a package session store (SQLite or PostgreSQL).
//
// Endpoints:
//
//   - GET /healthz: 200 once serving.
//   - GET /predict/{task}: AutoGen Studio's serve endpoint, a fresh team
//     run on the task: {"message": "Task successfully completed",
//     "status": true, "data": TaskResult}, or status false and the error
//     text as message.
//   - POST /v1/sessions/{id}/runs with {"task": "text"}, {"messages":
//     [chat messages]} or {}: runs the session's team from its saved
//     state (a new ID starts a session). With Accept: text/event-stream
//     the answer is an SSE stream, one data: event per run_stream item as
//     'agentschema run' prints it, the TaskResult last (an error after
//     the stream started is an "error" event); otherwise the TaskResult's
//     JSON. 409 when the session is running (here or in another process
//     on the same store). The new state and the run's record are saved in
//     one transaction when the run ends; a run that does not finish
//     (error, cancel, timeout, crash) leaves the session as it was. A
//     client that disconnects cancels its run.
//   - GET /v1/sessions/{id}: {"id", "state" (the TeamState, as 'run
//     --save-state' writes it), "runs", "created", "updated"}; 404 when
//     unknown. DELETE /v1/sessions/{id}: 204 (409 while it runs).
//   - GET /v1/sessions?after=ID&limit=N and GET
//     /v1/sessions/{id}/runs?after=RUN&limit=N: pages of sessions and of
//     a session's runs (with their tasks and TaskResults); "next" is the
//     next page's after, or null.
//   - GET /: the playground, a page that sends tasks to a session and
//     shows the messages as AutoGen's Console prints them (rendered by
//     POST /v1/console, one item at a time).
//
// Bad input gets a JSON ErrorBody: 400 for a body that is not JSON (with
// its line and column), a member that is not expected (with its JSON
// pointer), a session ID that is not one, or a task AutoGen refuses
// (AutoGen's text, "Task list cannot be empty."); 413 over
// Options.MaxBody; 408 for a body that takes longer than
// Options.ReadTimeout to arrive; 503 over Options.MaxRuns; 504 past
// Options.RunTimeout; 401 without the bearer token when Options.Token is
// set (GET /healthz and GET / are open). Every request and every run is
// logged as one line (log/slog); the token never is. A client that stops
// reading a response cannot hold the service: a write that waits longer
// than Options.WriteTimeout ends its run, as a disconnect does.
package serve
