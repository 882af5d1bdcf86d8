#ifndef CPNG_SCANLINE_DEFLATE_H
#define CPNG_SCANLINE_DEFLATE_H

#include <stddef.h>
#include <stdint.h>

/*
 * A zlib stream (RFC 1950 around RFC 1951 deflate) for PNG scanlines.
 *
 * General-purpose compressors index every byte they pass, even inside a 2,000-byte run of
 * white; on rendered pictures, which are mostly such runs, that is where their time goes. This
 * encoder first tries the two matches a scanline usually has, the pixel to the left
 * (`pixel_bytes` back) and the row above (`row_bytes` back), and takes a long one without
 * indexing its inside; only what they do not cover goes through a hash-chain search. Blocks use
 * dynamic Huffman codes, or are stored when that is smaller.
 *
 * `level` 1...9 sets how many earlier positions a search may visit; from level 6 on, a match is
 * also compared with the one a byte further on (lazy matching). The output depends only on the
 * input and these parameters.
 */
typedef struct scanline_deflater scanline_deflater;

scanline_deflater *scanline_deflater_create(void);
void scanline_deflater_free(scanline_deflater *deflater);

/* Largest zlib stream `scanline_deflate` can make from `size` bytes. */
size_t scanline_deflate_bound(size_t size);

/* Compresses `size` bytes into `out` (at least scanline_deflate_bound(size) bytes). Returns the
 * stream's size, or 0 if `out` is too small or an argument is out of range: `pixel_bytes` must
 * be 1...32768 (deflate's window), `row_bytes` at least 1 (beyond the window it is not used),
 * `level` 1...9, `size` below 2^32 - 1. */
size_t scanline_deflate(scanline_deflater *deflater, const uint8_t *in, size_t size, size_t row_bytes,
                        size_t pixel_bytes, int level, uint8_t *out, size_t capacity);

#endif
