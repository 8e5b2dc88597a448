package dataset

import (
	"sync"

	"github.com/apache/arrow/go/v17/parquet/compress"
	"github.com/klauspost/compress/zstd"
)

// Arrow's zstd codec (v17) builds a new zstd encoder, several megabytes of
// tables, for every page it compresses. Writing a small cell file of ten
// columns thus allocated tens of megabytes. zstdCodec replaces it with a
// codec that keeps one encoder per compression level. The encoders are
// built with the same options as Arrow's, and zstd's EncodeAll output does
// not depend on earlier calls, so the bytes written are unchanged. All
// other operations (decoding, streams) are delegated to Arrow's codec.
//
// compress.RegisterCodec is meant to be called from init, as here; the
// replacement applies to every Parquet writer in the process.
func init() {
	if prev, err := compress.GetCodec(compress.Codecs.Zstd); err == nil {
		compress.RegisterCodec(compress.Codecs.Zstd, &zstdCodec{Codec: prev})
	}
}

// zstdCodec is Arrow's zstd codec with cached block encoders.
type zstdCodec struct {
	compress.Codec // Arrow's codec, for everything but block encoding

	mu       sync.Mutex
	encoders map[zstd.EncoderLevel]*zstd.Encoder
}

// encoder returns the shared encoder for a level (safe for concurrent
// EncodeAll calls).
func (c *zstdCodec) encoder(level zstd.EncoderLevel) (*zstd.Encoder, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.encoders[level]; ok {
		return e, nil
	}
	e, err := zstd.NewWriter(nil, zstd.WithZeroFrames(true), zstd.WithEncoderLevel(level))
	if err != nil {
		return nil, err
	}
	if c.encoders == nil {
		c.encoders = make(map[zstd.EncoderLevel]*zstd.Encoder)
	}
	c.encoders[level] = e
	return e, nil
}

// Encode implements compress.Codec.
func (c *zstdCodec) Encode(dst, src []byte) []byte {
	return c.EncodeLevel(dst, src, compress.DefaultCompressionLevel)
}

// EncodeLevel implements compress.Codec, mapping levels as Arrow does.
func (c *zstdCodec) EncodeLevel(dst, src []byte, level int) []byte {
	l := zstd.SpeedDefault
	if level != compress.DefaultCompressionLevel {
		l = zstd.EncoderLevelFromZstd(level)
	}
	e, err := c.encoder(l)
	if err != nil {
		return c.Codec.EncodeLevel(dst, src, level)
	}
	return e.EncodeAll(src, dst[:0])
}
