/* Fuzz target: the `guv script` protocol. The input is a script, one command
 * a line, run as `guv script` runs it, on the project's data, in a fresh
 * session with two limits a user never has: files are bare names in a
 * scratch folder (emptied after each input), and at most 500 decisions
 * are applied (so `play` and `step` cannot make one input run for minutes).
 * `pick N` and `play K SEED` take the fuzzer deep into games. Answers go to
 * /dev/null unless GUV_FUZZ_VERBOSE is set. */
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/script.h"
#include "fuzz.h"

static GameData gd;
static const char *scratch;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    fuzz_load_data(&gd, "fuzz_script");
    scratch = fuzz_tempdir("script");
    if (!getenv("GUV_FUZZ_VERBOSE") && !freopen("/dev/null", "w", stdout)) {
        perror("/dev/null");
        exit(2);
    }
    return 0;
}

static void empty_scratch(void)
{
    DIR *dir = opendir(".");
    struct dirent *e;
    while (dir && (e = readdir(dir)))
        if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0)
            unlink(e->d_name);
    if (dir)
        closedir(dir);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* in the scratch folder for this input only: libFuzzer reads its corpus
     * and writes its findings in the folder it was started in */
    int home = open(".", O_RDONLY | O_DIRECTORY);
    if (home < 0 || chdir(scratch) != 0) {
        perror(scratch);
        abort();
    }
    ScriptSession s;
    script_begin(&s, &gd);
    s.sandbox = true;
    s.budget = 500;
    char line[1024];
    size_t i = 0;
    while (i < size) {
        size_t start = i;
        while (i < size && data[i] != '\n')
            i++;
        size_t len = i - start;
        i++; /* past the newline */
        if (len > sizeof line - 2)
            continue; /* guv script refuses such a line whole */
        memcpy(line, data + start, len);
        line[len] = '\0';
        if (!script_line(&s, line))
            break;
    }
    script_end(&s);
    fflush(stdout);
    empty_scratch();
    if (fchdir(home) != 0)
        abort();
    close(home);
    return 0;
}
