// Text dump of normalised IR, for debugging and tests.
#pragma once

#include <string>

#include "ir/ir.hpp"

namespace depyf::ir {

std::string dump(const Function& function);

}  // namespace depyf::ir
