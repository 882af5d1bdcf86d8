#ifndef CIMAGEDIFF_H
#define CIMAGEDIFF_H
#endif
