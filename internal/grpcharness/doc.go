// Package grpcharness is the Go side of the distributed-runtime harness
// (testdata/conformance/distributed, a copy of AutoGen's recorded run and
// its scripts): the scenario driver (Drive, driver.py's counterpart, run
// by internal/cmd/grpcdriver), the reference worker (RefWorker,
// ref_worker.py's), the two halves of the cross-process team
// (RegisterRemoteParticipant, RunTeamWithRemote: team_parts.py's), the
// harness's message types, and its judges: Normalize (normalize.py) and
// Compare (compare.py's per-client transcript check).
//
// Its tests run the Go host, the Go reference worker and the Go driver
// together and compare the driver's lines and the host's wire log with
// AutoGen's recorded run; testdata/ holds a raw AutoGen wire log with
// normalize.py's output, against which Normalize is checked. It is built
// on the public packages worker, host and groupchat only.
package grpcharness
