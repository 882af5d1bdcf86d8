#ifndef CPNG_INFLATE_DECODE_H
#define CPNG_INFLATE_DECODE_H

#include "include/cpng.h"

/* Decodes an 8-bit, non-interlaced PNG whose structure has been checked (check_structure) into
 * straight RGBA with libdeflate, in place in `pixels`, which holds `capacity` >=
 * cpng_decode_buffer_size bytes. Returns 1 when done; 0 when the image is one it leaves to
 * libpng (other depths, Adam7, a colour key, unusual chunks) or when libdeflate refuses the data,
 * in which case `pixels` holds garbage and the caller decodes with libpng. */
int cpng_inflate_decode(const uint8_t *data, size_t size, const cpng_header *header, uint8_t *pixels,
                        size_t capacity);

#endif
