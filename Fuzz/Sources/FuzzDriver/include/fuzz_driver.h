#ifndef FUZZ_DRIVER_H
#define FUZZ_DRIVER_H

/* Runs libFuzzer on the executable's LLVMFuzzerTestOneInput. SwiftPM links an executable's main
 * to `<module>_main`, so libFuzzer's own main is never used; each target's `<module>_main` calls this. */
int fuzz_driver_main(int argc, char **argv);

#endif
