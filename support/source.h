/* source.h - source files, positions and the #include chain. */
#ifndef PPL_SOURCE_H
#define PPL_SOURCE_H

#include <stdbool.h>
#include <stddef.h>

#include "arena.h"

/* A position: file index, 1-based line, 0-based column (stanc3 prints
 * columns from 0), byte offset into the file's text. */
typedef struct Loc {
    int file;
    int line, col;
    int offset;
} Loc;

typedef struct Span {
    Loc begin, end;    /* end is one past the last character */
} Span;

typedef struct SrcFile {
    const char *path;       /* as displayed in messages */
    const char *include_name;  /* as written in #include, NULL for the main file */
    const char *text;
    size_t len;
    int parent;             /* including file, -1 for the main file */
    Loc include_loc;        /* where the parent included it */
} SrcFile;

typedef struct SourceMgr {
    Arena *arena;
    PtrVec files;           /* SrcFile * */
    const char **include_paths;
    int ninclude_paths;
} SourceMgr;

/* Register a file whose text is already in memory; returns its index. */
int src_add(SourceMgr *sm, const char *path, const char *text, size_t len,
            int parent, Loc include_loc);
/* Read a whole file into the arena; NULL if it cannot be opened. */
char *src_read_file(Arena *a, const char *path, size_t *len);
const SrcFile *src_file(const SourceMgr *sm, int file);
/* The text of 1-based line `line` of a file (without the newline), and its
 * length in *len; NULL past the end. */
const char *src_line(const SourceMgr *sm, int file, int line, int *len);
Span span_join(Span a, Span b);

#endif
