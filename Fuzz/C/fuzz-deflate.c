/* libFuzzer target: scanline_deflate's stream must inflate (with zlib) to exactly its input, for
 * any row and pixel size the header allows, and must never write past a buffer that is too small. */
#include "scanline_deflate.h"

#include <stdlib.h>
#include <string.h>
#include <zlib.h>

/* Mostly the pixel sizes PNG has, sometimes anything up to the window. */
static size_t pick_pixel_bytes(uint8_t a, uint8_t b) {
    static const size_t common[] = {1, 2, 3, 4, 6, 8};
    if (a < 224) return common[a % 6];
    return 1 + (((size_t)(a & 0x7f) << 8 | b) % 32768);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 5) return 0;
    int level = 1 + data[0] % 9;
    size_t pixel_bytes = pick_pixel_bytes(data[1], data[2]);
    size_t width = 1 + ((size_t)data[3] << 8 | data[4]) % 4096;
    size_t row_bytes = width * pixel_bytes;
    data += 5, size -= 5;

    static scanline_deflater *deflater;
    if (deflater == NULL && (deflater = scanline_deflater_create()) == NULL) abort();
    size_t capacity = scanline_deflate_bound(size);
    uint8_t *stream = malloc(capacity);
    if (stream == NULL) abort();
    size_t stream_size = scanline_deflate(deflater, data, size, row_bytes, pixel_bytes, level, stream, capacity);
    if (stream_size == 0 || stream_size > capacity) abort(); /* the bound must hold */

    uLongf inflated_size = size;
    uint8_t *inflated = malloc(size ? size : 1);
    if (inflated == NULL) abort();
    if (uncompress(inflated, &inflated_size, stream, stream_size) != Z_OK) abort();
    if (inflated_size != size || memcmp(inflated, data, size) != 0) abort();

    /* One byte short: refused (0), and exactly-sized heap buffers let ASan catch a write past it. */
    uint8_t *short_stream = malloc(stream_size - 1);
    if (short_stream == NULL) abort();
    if (scanline_deflate(deflater, data, size, row_bytes, pixel_bytes, level, short_stream, stream_size - 1) != 0) abort();

    free(short_stream);
    free(inflated);
    free(stream);
    return 0;
}
