package worker

import "errors"

// RemoteError is the error an agent's handler returned (or raised, in
// Python) for a direct message: RpcResponse.error, which AutoGen's caller
// raises as Exception(error). Error returns the text unchanged.
type RemoteError struct {
	Message string
}

func (e *RemoteError) Error() string { return e.Message }

// ErrClosed is returned by calls on a closed runtime.
var ErrClosed = errors.New("worker runtime is closed")

// ErrDisconnected is returned for a direct message whose channel to the
// host broke before its response came, and for calls while the runtime is
// reconnecting.
var ErrDisconnected = errors.New("worker runtime is not connected to its host")
