#include "cimagediff.h"
