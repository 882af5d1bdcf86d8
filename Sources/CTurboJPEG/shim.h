#ifndef CARDRENDER_CTURBOJPEG_SHIM_H
#define CARDRENDER_CTURBOJPEG_SHIM_H
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <turbojpeg.h>

/* One call for TurboJPEG's compressor, so Swift never holds a tjhandle across calls. The
   settings are fixed (baseline, 4:4:4 chroma so card text keeps its colour edges, the accurate
   integer DCT, whose SIMD and C versions give the same coefficients), so the same pixels always
   give the same bytes. `pixels` is 3 bytes a pixel (RGB), or 4 with `rgbx` (the fourth byte,
   alpha, ignored: for opaque pictures). On success *output holds the file (free it with
   tjFree) and 0 is returned; otherwise -1. TurboJPEG keeps libjpeg's setjmp inside itself. */
static inline int ctj_encode(const uint8_t *pixels, int rgbx, int width, int height, int quality,
                             uint8_t **output, unsigned long *output_size) {
    *output = NULL;
    *output_size = 0;
    tjhandle handle = tjInitCompress();
    if (handle == NULL) return -1;
    int status = tjCompress2(handle, pixels, width, width * (rgbx ? 4 : 3), height, rgbx ? TJPF_RGBX : TJPF_RGB,
                             output, output_size,
                             TJSAMP_444, quality, TJFLAG_ACCURATEDCT);
    tjDestroy(handle);
    if (status != 0) {
        if (*output != NULL) tjFree(*output);
        *output = NULL;
        *output_size = 0;
        return -1;
    }
    return 0;
}

/* The width and height in a JPEG file's header; 0 when `data` is a JPEG, -1 otherwise. */
static inline int ctj_header(const uint8_t *data, size_t size, int *width, int *height) {
    tjhandle handle = tjInitDecompress();
    if (handle == NULL) return -1;
    int subsampling = 0, colorspace = 0;
    int status = tjDecompressHeader3(handle, data, (unsigned long)size, width, height, &subsampling, &colorspace);
    tjDestroy(handle);
    return status == 0 ? 0 : -1;
}

/* Decodes into `rgba` (width * height * 4 bytes, opaque); 0 on success, -1 otherwise. */
static inline int ctj_decode_rgba(const uint8_t *data, size_t size, uint8_t *rgba, int width, int height) {
    tjhandle handle = tjInitDecompress();
    if (handle == NULL) return -1;
    int status = tjDecompress2(handle, data, (unsigned long)size, rgba, width, width * 4, height, TJPF_RGBA,
                               TJFLAG_ACCURATEDCT);
    tjDestroy(handle);
    return status == 0 ? 0 : -1;
}

#endif
