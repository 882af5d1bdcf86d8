#include "cimagewarp.h"

#include <math.h>

/* The same bytes on every machine that runs the same code: never fuse a * b + c into one FMA. */
#pragma STDC FP_CONTRACT OFF

typedef struct { double r, g, b, a; } premultiplied;

/* Adds pixel (x, y) of src, premultiplied and weighted, when it is inside src. */
static inline void add_texel(const uint8_t *src, int32_t width, int32_t height, int32_t x, int32_t y, double weight,
                             premultiplied *sum) {
    if (weight <= 0 || x < 0 || y < 0 || x >= width || y >= height) return;
    const uint8_t *p = src + ((int64_t)y * width + x) * 4;
    double alpha = (double)p[3] * weight;
    if (alpha <= 0) return;
    sum->r += (double)p[0] * alpha / 255.0;
    sum->g += (double)p[1] * alpha / 255.0;
    sum->b += (double)p[2] * alpha / 255.0;
    sum->a += alpha;
}

/* The bilinear mix around (x, y) in pixel-centre coordinates, added to sum. */
static inline void add_sample(const uint8_t *src, int32_t width, int32_t height, double x, double y, premultiplied *sum) {
    if (!(x > -1.0 && y > -1.0 && x < (double)width && y < (double)height)) return;
    double left = floor(x), top = floor(y);
    double fx = x - left, fy = y - top;
    int32_t ix = (int32_t)left, iy = (int32_t)top;
    add_texel(src, width, height, ix, iy, (1 - fx) * (1 - fy), sum);
    add_texel(src, width, height, ix + 1, iy, fx * (1 - fy), sum);
    add_texel(src, width, height, ix, iy + 1, (1 - fx) * fy, sum);
    add_texel(src, width, height, ix + 1, iy + 1, fx * fy, sum);
}

static inline uint8_t channel(double value) {
    double rounded = round(value);
    return (uint8_t)(rounded < 0 ? 0 : rounded > 255 ? 255 : rounded);
}

void ciw_warp_projective(const uint8_t *src, int32_t src_width, int32_t src_height, const double *m,
                         uint8_t *dst, int32_t dst_width, int32_t dst_height, int32_t origin_x, int32_t origin_y) {
    static const double offsets[2] = {0.25, 0.75};
    for (int32_t y = 0; y < dst_height; y++) {
        for (int32_t x = 0; x < dst_width; x++) {
            premultiplied sum = {0, 0, 0, 0};
            for (int sy = 0; sy < 2; sy++) {
                for (int sx = 0; sx < 2; sx++) {
                    double px = (double)(x + origin_x) + offsets[sx], py = (double)(y + origin_y) + offsets[sy];
                    double w = m[6] * px + m[7] * py + m[8];
                    if (w == 0) continue;
                    double u = (m[0] * px + m[1] * py + m[2]) / w, v = (m[3] * px + m[4] * py + m[5]) / w;
                    add_sample(src, src_width, src_height, u - 0.5, v - 0.5, &sum);
                }
            }
            double alpha = sum.a * 0.25;
            if (alpha < 0.5 / 255.0) continue;
            uint8_t *out = dst + ((int64_t)y * dst_width + x) * 4;
            out[0] = channel(sum.r * 0.25 * 255.0 / alpha);
            out[1] = channel(sum.g * 0.25 * 255.0 / alpha);
            out[2] = channel(sum.b * 0.25 * 255.0 / alpha);
            out[3] = channel(alpha);
        }
    }
}
