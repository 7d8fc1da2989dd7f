/* rt_test_files.h - what the runtime's unit tests of output files share:
 * counting what a folder holds, so a test sees a temporary left behind. */
#ifndef RT_TEST_FILES_H
#define RT_TEST_FILES_H

#include <dirent.h>
#include <string.h>

/* The number of entries in DIR, "." and ".." aside. */
static inline int count_entries(const char *dir)
{
    DIR *d = opendir(dir);
    int n = 0;
    for (struct dirent *e; d && (e = readdir(d));)
        if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0)
            n++;
    if (d)
        closedir(d);
    return n;
}

#endif
