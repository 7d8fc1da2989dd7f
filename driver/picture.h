/* picture.h - writing a picture rendered by viz/ (picture.c), shared by
 * `pplbench trace --o FILE.png` and the validator's --graphs. */
#ifndef PPL_PICTURE_H
#define PPL_PICTURE_H

#include <stddef.h>

#include "viz.h"

/* Write pic to path atomically (rt_out_open: a complete file or none,
 * never over one of inputs[0..ninputs)).  When pic->format is not want
 * (this Graphviz could not render want: viz_render fell back), the file
 * written is path with the extension of pic->format instead, as
 * viz_format_name gives it.  The path written goes into written (size
 * nwritten).  0, or -1 with a message naming the file in why. */
int drv_picture_write(const VizPicture *pic, VizFormat want, const char *path,
                      const char *const *inputs, int ninputs, char *written,
                      size_t nwritten, char *why, size_t nwhy);

#endif
