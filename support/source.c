/* source.c - source files and positions; see source.h. */
#include "source.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int src_add(SourceMgr *sm, const char *path, const char *text, size_t len,
            int parent, Loc include_loc)
{
    SrcFile *f = NEW(sm->arena, SrcFile);
    f->path = arena_strdup(sm->arena, path);
    f->text = text;
    f->len = len;
    f->parent = parent;
    f->include_loc = include_loc;
    vec_push(sm->arena, &sm->files, f);
    return sm->files.len - 1;
}

char *src_read_file(Arena *a, const char *path, size_t *len)
{
    /* Only regular files: a folder opens fine but has no sensible size. */
    struct stat st;
    if (stat(path, &st) != 0 || !S_ISREG(st.st_mode))
        return NULL;
    FILE *fp = fopen(path, "rb");
    if (!fp)
        return NULL;
    if (fseek(fp, 0, SEEK_END) != 0) {
        fclose(fp);
        return NULL;
    }
    long size = ftell(fp);
    if (size < 0 || fseek(fp, 0, SEEK_SET) != 0) {
        fclose(fp);
        return NULL;
    }
    char *buf = arena_alloc(a, (size_t)size + 1);
    size_t got = fread(buf, 1, (size_t)size, fp);
    int bad = ferror(fp);
    fclose(fp);
    if (bad)
        return NULL;
    buf[got] = '\0';
    *len = got;
    return buf;
}

const SrcFile *src_file(const SourceMgr *sm, int file)
{
    if (file < 0 || file >= sm->files.len)
        return NULL;
    return sm->files.items[file];
}

const char *src_line(const SourceMgr *sm, int file, int line, int *len)
{
    const SrcFile *f = src_file(sm, file);
    if (!f || line < 1)
        return NULL;
    const char *p = f->text, *end = f->text + f->len;
    for (int l = 1; l < line; l++) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        if (!nl)
            return NULL;
        p = nl + 1;
    }
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    const char *stop = nl ? nl : end;
    if (stop > p && stop[-1] == '\r')
        stop--;
    *len = (int)(stop - p);
    return p;
}

Span span_join(Span a, Span b)
{
    Span s = {a.begin, b.end};
    return s;
}
