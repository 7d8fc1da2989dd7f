/* rt_outfile.h - the one safe way to write an output file (outfile.c),
 * for the samplers and for the driver alike.  Included by pplrt.h, after
 * RtError.
 *
 * A regular or absent PATH is written through a unique temporary beside
 * it (PATH.XXXXXX, made by mkstemp) and renamed over PATH on commit, so a
 * reader never sees a half-written file, an interrupted or failed run
 * leaves PATH as it was, and two writers of one PATH never mix their
 * bytes (the last rename wins with a complete file).  A device, fifo or
 * socket is written directly and never replaced.  A PATH that is the same
 * file as one of the caller's inputs is refused. */
#ifndef RT_OUTFILE_H
#define RT_OUTFILE_H

#include <stdio.h>

typedef struct RtOutFile RtOutFile;

/* Open PATH for writing.  PROTECT holds NPROTECT paths that must not be
 * written (the run's inputs): a PATH that is the same file as one of them
 * (same st_dev and st_ino, following symbolic links) is refused with a
 * message naming both; absent protected paths and NULL entries are
 * skipped.  A folder is refused.  A symbolic link to a regular file has
 * its target replaced.  The temporary gets the permission bits of the
 * file it replaces, or 0666 & ~umask for a new file, and is removed if
 * the process is stopped by SIGINT, SIGTERM or SIGHUP before commit.
 * NULL on error, with err set. */
RtOutFile *rt_out_open(const char *path, const char *const *protect,
                       int nprotect, RtError *err);
/* The checks rt_out_open makes before it creates anything (a folder, an
 * input, an unreachable path): 0 when PATH may be written, else -1 with
 * err set.  For a caller that must refuse before doing other work. */
int rt_out_check(const char *path, const char *const *protect, int nprotect,
                 RtError *err);
/* The stream to write to. */
FILE *rt_out_stream(RtOutFile *o);
/* PATH as given to rt_out_open. */
const char *rt_out_path(const RtOutFile *o);
/* The temporary that commit renames over PATH, for a file another
 * program writes (the C compiler's executable: it is given this name as
 * its output); NULL when PATH is written directly. */
const char *rt_out_temporary(const RtOutFile *o);
/* Flush, check for write errors, close and (for a regular file) rename the
 * temporary over PATH.  Every failure names the path and strerror(errno);
 * on failure the temporary is removed and PATH is left as it was.  Frees
 * O either way; NULL is a no-op returning 0. */
int rt_out_commit(RtOutFile *o, RtError *err);
/* Close and remove the temporary, leaving PATH unchanged; frees O.  NULL
 * is a no-op. */
void rt_out_abort(RtOutFile *o);
/* Remove every temporary not yet committed or aborted.  Async-signal-safe:
 * for a program that installs its own SIGINT/SIGTERM/SIGHUP handler (which
 * replaces the one rt_out_open installs) to call from it. */
void rt_out_remove_temporaries(void);

/* Check that a stream the caller did not open (stdout) was written
 * completely: fflush and ferror, naming the stream as NAME ("standard
 * output") with strerror(errno).  0, or -1 with err set. */
int rt_out_check_stream(FILE *f, const char *name, RtError *err);

#endif
