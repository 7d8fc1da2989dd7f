/* picture.c - a rendered picture into its file (picture.h). */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "picture.h"
#include "pplrt.h"

int drv_picture_write(const VizPicture *pic, VizFormat want, const char *path,
                      const char *const *inputs, int ninputs, char *written,
                      size_t nwritten, char *why, size_t nwhy)
{
    const char *dot = strrchr(path, '.');
    const char *slash = strrchr(path, '/');
    if (pic->format != want && dot && (!slash || dot > slash))
        snprintf(written, nwritten, "%.*s.%s", (int)(dot - path), path,
                 viz_format_name(pic->format));
    else
        snprintf(written, nwritten, "%s", path);
    RtError e = {.msg = ""};
    RtOutFile *file = rt_out_open(written, inputs, ninputs, &e);
    if (!file) {
        snprintf(why, nwhy, "%s", e.msg);
        return -1;
    }
    if (fwrite(pic->data, 1, pic->len, rt_out_stream(file)) != pic->len) {
        snprintf(why, nwhy, "cannot write %s: %s", written, strerror(errno));
        rt_out_abort(file);
        return -1;
    }
    if (rt_out_commit(file, &e) != 0) {
        snprintf(why, nwhy, "%s", e.msg);
        return -1;
    }
    return 0;
}
