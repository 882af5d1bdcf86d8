#ifndef CIMAGEWARP_H
#define CIMAGEWARP_H

/*
 * The hot pixel loop of a perspective warp (a card of a showcase turned in space).
 *
 * Images are 8-bit RGBA with straight (not premultiplied) alpha, rows top to bottom, width * 4
 * bytes per row, no padding. Only Sources/Images/Warp/ calls this function.
 */

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Fills dst (dst_width x dst_height, all zero on entry) with src seen through a projective map.
 * `inverse` is the 3 x 3 matrix, row by row, taking destination coordinates to source ones (the
 * top-left corner of pixel (0, 0) is (0, 0) in both); dst's pixel (0, 0) is the destination's
 * (origin_x, origin_y). Each pixel averages 2 x 2 samples, each read bilinearly around its
 * source point with pixels outside src clear, colours averaged premultiplied.
 */
void ciw_warp_projective(const uint8_t *src, int32_t src_width, int32_t src_height, const double *inverse,
                         uint8_t *dst, int32_t dst_width, int32_t dst_height, int32_t origin_x, int32_t origin_y);

#ifdef __cplusplus
}
#endif

#endif
