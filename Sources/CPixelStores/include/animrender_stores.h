#ifndef ANIMRENDER_STORES_H
#define ANIMRENDER_STORES_H

#include <stddef.h>

/// Copies `bytes` bytes from `src` to `dst` (not overlapping) with streaming stores where the
/// processor has them (SSE2's movntdq): whole 64-byte lines of `dst` are written to memory
/// without being read into the caches first, and are not kept there. The bytes at either end
/// that do not fill a line are copied ordinarily. Ends with a store fence, so the bytes are
/// visible to other threads in order with the caller's later stores (a lock's release, a queue).
/// Elsewhere, a plain memcpy. For a band of a canvas drawn in a buffer that stays in a core's
/// cache: the canvas goes to memory once, written, instead of read for ownership and written back.
void animrender_stream_copy(void *dst, const void *src, size_t bytes);

/// animrender_stream_copy without its store fence: for a band streamed in several pieces, each
/// followed by the next, then one animrender_store_fence.
void animrender_stream_copy_unfenced(void *dst, const void *src, size_t bytes);

/// Sets `count` 4-byte words at `dst` (4-byte aligned) to `word`, whole lines with streaming
/// stores as animrender_stream_copy_unfenced writes them (the ends ordinarily), with no fence.
void animrender_stream_fill_unfenced(void *dst, unsigned int word, size_t count);

/// A store fence (sfence) where streaming stores exist: the streamed bytes before it are visible
/// to other threads in order with the caller's later stores. Nothing elsewhere.
void animrender_store_fence(void);

/// Whether animrender_stream_copy streams here (1) or copies plainly (0).
int animrender_stream_copy_streams(void);

/// One row of a scan conversion's signed-area cells (`width` + 1 of them, the last the spill
/// column) prefix-summed into `width` coverage bytes, min(1, |sum|) · 255 + 0.5 truncated, and the
/// cells zeroed again; nonzero when any byte is. The sums are added cell by cell in order, as
/// AnimRaster's `Accumulator.resolve` did in Swift, and four are converted together (SSE2), which
/// Swift's SIMD types do not lower to one conversion.
int animrender_resolve_row(float *cell, unsigned char *coverage, long width);

/// Sets `count` 4-byte words at `dst` to `word` (a premultiplied RGBA8 pixel, little-endian): the
/// C library's wmemset, which stores without reading.
void animrender_fill_words(void *dst, unsigned int word, size_t count);

/// Whether the processor has AVX2 (x86-64 only; 0 elsewhere).
int animrender_has_avx2(void);

/// AnimRaster's `SolidSource.blendRow` with AVX2: `count` premultiplied RGBA8 pixels at `p`
/// under the coverage bytes at `coverage`, source-over of the colour `word` (little-endian RGBA)
/// scaled by each byte; pixels up to `room` from `p` may be rewritten unchanged. The same bytes as
/// the Swift version. Only where animrender_has_avx2() is 1.
void animrender_blend_solid_row_avx2(unsigned char *p, const unsigned char *coverage, long count, long room,
                                     unsigned int word);

/// A hint to the processor that the caller is spinning on a value another core will change
/// (x86's pause, ARM's yield; nothing elsewhere): for StreamTurns' short wait for a turn.
void animrender_spin_pause(void);

#endif
