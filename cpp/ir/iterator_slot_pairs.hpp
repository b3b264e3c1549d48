// 3.15+: the second stack slot of a for loop's iterator, left out of the IR
// (iterator_slot_pairs.cpp).
#pragma once

#include <vector>

#include "bytecode/instruction.hpp"
#include "code/code_object.hpp"

namespace depyf::ir {

struct IteratorSlotPairs {
  // Per decoded instruction (empty when the code needs none of this):
  std::vector<char> drops;  // what pushes or pops an iterator's second slot alone, left out of the IR
  std::vector<int> args;    // SWAP/COPY/LIST_APPEND/SET_ADD/MAP_ADD position without second slots; -1 elsewhere
};

// Throws depyf::Error where the stack cannot be followed.
IteratorSlotPairs find_iterator_slot_pairs(const CodeObject& code, const std::vector<Instruction>& decoded);

}  // namespace depyf::ir
