/* guv booklet [--html FILE]: the whole Choices Booklet as a document to
 * read and print (view/booklet_doc.c writes it). */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "view/booklet_doc.h"

static int usage_error(const char *what)
{
    fprintf(stderr, "guv booklet: %s\nUsage: guv booklet [--html FILE] [--data DIR]\n", what);
    return 2;
}

int cmd_booklet(int argc, char **argv, const char *data_option)
{
    const char *html = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--html") == 0) {
            if (i + 1 >= argc)
                return usage_error("--html needs a file name (- for standard output)");
            html = argv[++i];
        } else if (strncmp(argv[i], "--html=", 7) == 0 && argv[i][7])
            html = argv[i] + 7;
        else {
            char msg[300];
            snprintf(msg, sizeof msg, "unexpected argument '%s'", argv[i]);
            return usage_error(msg);
        }
    }
    char dir[4096];
    if (cli_data_dir(data_option, dir, sizeof dir, stderr))
        return 1;
    GameData gd;
    if (!cli_load(dir, &gd, stderr)) {
        gamedata_free(&gd);
        return 1;
    }
    if (!gd.automa.present) {
        fprintf(stderr,
                "guv booklet: the data under %s has no Automa files (config/activation-track.ini, config/wheel.ini, "
                "booklet/pages.ini, booklet/paragraphs.ini): there is no booklet to print\n",
                dir);
        gamedata_free(&gd);
        return 1;
    }
    int rc = 0;
    if (!html || strcmp(html, "-") == 0) {
        if (!booklet_doc_write(&gd, html ? BOOKLET_HTML : BOOKLET_TEXT, stdout) || fflush(stdout) != 0) {
            fprintf(stderr, "guv booklet: writing to standard output failed: %s\n", strerror(errno));
            rc = 1;
        }
    } else {
        FILE *f = fopen(html, "w");
        if (!f) {
            fprintf(stderr, "guv booklet: cannot write %s: %s\n", html, strerror(errno));
            rc = 1;
        } else {
            bool ok = booklet_doc_write(&gd, BOOKLET_HTML, f);
            int err = errno;
            if (fclose(f) != 0) {
                err = errno;
                ok = false;
            }
            if (!ok) {
                fprintf(stderr, "guv booklet: writing %s failed: %s\n", html, strerror(err));
                rc = 1;
            } else
                fprintf(stderr, "guv booklet: wrote %s\n", html);
        }
    }
    gamedata_free(&gd);
    return rc;
}
