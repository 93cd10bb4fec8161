package worker

import (
	"crypto/tls"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials"
	"google.golang.org/grpc/credentials/insecure"
)

// DefaultMaxMessageSize is the largest message a runtime sends or accepts
// unless WithMaxMessageSize says otherwise: gRPC's default receive limit.
const DefaultMaxMessageSize = 4 << 20

// Option configures Dial.
type Option func(*options)

type options struct {
	clientID    string
	tls         *tls.Config
	dial        []grpc.DialOption
	format      string
	maxSize     int
	reconnect   bool
	serializers []*Serializer
}

func defaults() options {
	return options{format: JSONContentType, maxSize: DefaultMaxMessageSize, reconnect: true}
}

// WithClientID sets the client-id the runtime sends (default: a new uuid4,
// as AutoGen's HostConnection draws, and a new one at each reconnection).
func WithClientID(id string) Option { return func(o *options) { o.clientID = id } }

// WithTLS connects with TLS (default: plaintext, as AutoGen's worker).
func WithTLS(c *tls.Config) Option { return func(o *options) { o.tls = c } }

// WithDialOptions adds gRPC dial options (credentials, interceptors, ...).
func WithDialOptions(opts ...grpc.DialOption) Option {
	return func(o *options) { o.dial = append(o.dial, opts...) }
}

// WithPayloadFormat sets the content type of published messages:
// JSONContentType (default) or ProtobufContentType (AutoGen's
// payload_serialization_format). Direct messages are always JSON, as in
// AutoGen.
func WithPayloadFormat(contentType string) Option {
	return func(o *options) { o.format = contentType }
}

// WithMaxMessageSize limits the size of a protocol message the runtime
// sends or receives, in bytes (default DefaultMaxMessageSize). A larger
// outgoing message fails with *agentschema.LimitError before it is sent.
func WithMaxMessageSize(n int) Option { return func(o *options) { o.maxSize = n } }

// WithReconnect sets whether the runtime reopens its channel when the host
// goes away (default true: it retries with backoff, registering its agent
// types and subscriptions again, until Close). With false the runtime
// stops: Done is closed and Err says why.
func WithReconnect(on bool) Option { return func(o *options) { o.reconnect = on } }

// WithSerializers registers message serializers (AddSerializers).
func WithSerializers(s ...*Serializer) Option {
	return func(o *options) { o.serializers = append(o.serializers, s...) }
}

func (o options) dialOptions() []grpc.DialOption {
	var out []grpc.DialOption
	if o.tls != nil {
		out = append(out, grpc.WithTransportCredentials(credentials.NewTLS(o.tls)))
	} else {
		out = append(out, grpc.WithTransportCredentials(insecure.NewCredentials()))
	}
	out = append(out, grpc.WithDefaultCallOptions(grpc.MaxCallRecvMsgSize(o.maxSize), grpc.MaxCallSendMsgSize(o.maxSize)))
	return append(out, o.dial...)
}
