#ifndef CARDRENDER_CWEBP_SHIM_H
#define CARDRENDER_CWEBP_SHIM_H
#include <stddef.h>
#include <stdint.h>
#include <webp/decode.h>
#include <webp/encode.h>

/* One call for libwebp's advanced encoder, so Swift never fills a WebPConfig or WebPPicture.
   The settings are fixed (one thread; lossy: method 4 at `quality`; lossless: method 2 at effort
   75, which on the default deck made files 3% larger than effort 100 in a quarter of the time),
   so the same pixels always give the same bytes. Lossless keeps the colour under transparent
   pixels (`exact`), so it decodes to exactly the pixels given. On success *output holds the file
   (free it with WebPFree) and 0 is returned; otherwise a WebPEncodingError (or -1 when the
   settings are refused). */
static inline int cwebp_encode_rgba(const uint8_t *rgba, int width, int height, int stride,
                                    int lossless, float quality, uint8_t **output, size_t *output_size) {
    WebPConfig config;
    WebPPicture picture;
    WebPMemoryWriter writer;
    *output = NULL;
    *output_size = 0;
    if (!WebPConfigInit(&config) || !WebPPictureInit(&picture)) return -1;
    config.lossless = lossless ? 1 : 0;
    config.quality = lossless ? 75 : quality;
    config.method = lossless ? 2 : 4;
    config.thread_level = 0;
    config.exact = lossless ? 1 : 0;
    if (!WebPValidateConfig(&config)) return -1;
    picture.use_argb = lossless ? 1 : 0;
    picture.width = width;
    picture.height = height;
    if (!WebPPictureImportRGBA(&picture, rgba, stride)) {
        int error = picture.error_code != VP8_ENC_OK ? (int)picture.error_code : (int)VP8_ENC_ERROR_OUT_OF_MEMORY;
        WebPPictureFree(&picture);
        return error;
    }
    WebPMemoryWriterInit(&writer);
    picture.writer = WebPMemoryWrite;
    picture.custom_ptr = &writer;
    int ok = WebPEncode(&config, &picture);
    int error = (int)picture.error_code;
    WebPPictureFree(&picture);
    if (!ok) {
        WebPMemoryWriterClear(&writer);
        return error != VP8_ENC_OK ? error : -1;
    }
    *output = writer.mem;
    *output_size = writer.size;
    return 0;
}

#endif
