// 3.15+: a for loop's iterator takes two stack slots.
//
// Versions: 3.15 and later.
// Source:   for x in a:           [e for x in a]          yield from a
//               if x: break
// Bytecode: LOAD_FAST a           LOAD_FAST a             LOAD_FAST a
//           GET_ITER 0            BUILD_LIST 0            GET_ITER 3
//           FOR_ITER end          SWAP 2                  LOAD_CONST None; SEND ...
//           STORE_FAST x          GET_ITER 0              END_SEND
//           ...                   FOR_ITER ...
//           POP_TOP; POP_TOP      LIST_APPEND 3   (3.14: LIST_APPEND 2)
//       end: END_FOR; POP_ITER
//
// GET_ITER pushes the iterable (or the iterator) and, above it, an index (or
// a NULL). Every instruction that walks the stack by position counts that
// second slot: a break pops it with a POP_TOP of its own, a return from a
// loop swaps past it (SWAP 3; POP_TOP; POP_TOP), LIST_APPEND reaches over it.
// The IR keeps one slot per iterator, as every version before: this pass
// follows the stack depth over the control flow (the generated stack
// effects), marks where each second slot lies, and gives the normaliser the
// POP_TOPs that drop one and the positional arguments counted without them.
#include "ir/iterator_slot_pairs.hpp"

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "code/error.hpp"

namespace depyf::ir {

namespace {

using Slots = std::vector<char>;  // per stack slot, bottom first: 1 for an iterator's second slot

// dis.stack_effect for any argument, from the eight sampled ones: constant,
// linear in the argument (counts) or periodic in its low bits (flags).
int stack_effect(const OpcodeInfo& info, int arg, bool jump) {
  const auto& samples = info.stack_effect[jump ? 1 : 0];
  if (std::string_view(info.name) == "UNPACK_EX") return (arg & 0xff) + (arg >> 8);
  if (arg >= 0 && arg < kStackEffectSamples) return samples[arg];
  const int slope = samples[1] - samples[0];
  bool linear = true;
  for (int k = 0; k < kStackEffectSamples; ++k) linear = linear && samples[k] == samples[0] + slope * k;
  if (linear) return samples[0] + slope * arg;
  for (int period : {2, 4}) {
    bool periodic = true;
    for (int k = period; k < kStackEffectSamples; ++k) periodic = periodic && samples[k] == samples[k - period];
    if (periodic) return samples[arg % period];
  }
  return samples[arg & (kStackEffectSamples - 1)];
}

bool never_falls_through(std::string_view name) {
  return name == "JUMP_FORWARD" || name == "JUMP_BACKWARD" || name == "JUMP_BACKWARD_NO_INTERRUPT" ||
         name == "RETURN_VALUE" || name == "RAISE_VARARGS" || name == "RERAISE";
}

class PairFinder {
 public:
  PairFinder(const CodeObject& code, const std::vector<Instruction>& decoded)
      : code_(code), decoded_(decoded), entries_(parse_exception_table(code)) {}

  IteratorSlotPairs run() {
    const int count = int(decoded_.size());
    result_.drops.assign(count, 0);
    result_.args.assign(count, -1);
    index_at_offset_.assign(code_.code.size() / 2 + 1, -1);
    for (int i = 0; i < count; ++i) index_at_offset_[decoded_[i].offset / 2] = i;
    state_.assign(count, Slots());
    seen_.assign(count, 0);
    reach(0, Slots());
    while (!work_.empty()) {
      const int i = work_.back();
      work_.pop_back();
      step(i);
    }
    return std::move(result_);
  }

 private:
  [[noreturn]] void fail(int i, const std::string& what) const {
    throw Error("3.15 iterator slots: " + what + " at offset " + std::to_string(decoded_[i].offset) + " of " +
                code_.name);
  }

  void reach(int i, const Slots& slots) {
    if (i < 0 || i >= int(decoded_.size())) return;
    if (seen_[i]) {
      // Handlers are entered from many places; where their depths differ
      // in which slots are second slots, the first entry stands (the
      // cleanup handlers that see such entries never pop below their depth).
      if (state_[i] != slots && !(handler_target_ && state_[i].size() == slots.size()) &&
          !(handler_target_ && only_plain_values(state_[i]) && only_plain_values(slots)))
        fail(i, "paths meet with different stacks");
      return;
    }
    seen_[i] = 1;
    state_[i] = slots;
    work_.push_back(i);
  }

  // Dynamo's resume prologue (torch 2.15) rebuilds a with block around the
  // values it puts back and jumps into the original code; its table entry
  // for the rebuilt block shares the original block's cleanup handler but
  // claims one slot more (the value put back above the with's two). The
  // handler then has two depths; where neither holds a second slot there
  // is nothing for this pass to mark, whichever depth it follows.
  static bool only_plain_values(const Slots& slots) {
    return std::none_of(slots.begin(), slots.end(), [](char second) { return second != 0; });
  }

  void reach_offset(int from, int offset) {
    const int unit = offset / 2;
    if (unit < 0 || unit >= int(index_at_offset_.size()) || index_at_offset_[unit] < 0) fail(from, "jump target");
    reach(index_at_offset_[unit], state_at_jump_);
  }

  // Stack positions counted from the top (1 = top), without second slots.
  int compact_position(const Slots& slots, int from, int position, int at) const {
    if (position < 1 || position > int(slots.size())) fail(at, "stack position beyond the stack");
    int compact = position;
    for (int p = from; p < position; ++p) compact -= slots[slots.size() - p];
    return compact;
  }

  void step(int i) {
    const Instruction& instr = decoded_[i];
    const std::string_view name = instr.base_opname();
    Slots slots = state_[i];
    // Handlers unwind to their depth and push the exception (and lasti).
    for (const ExceptionTableEntry& entry : entries_) {
      if (instr.offset < entry.start || instr.offset >= entry.end) continue;
      if (entry.depth > int(code_.code.size())) fail(i, "handler depth beyond any stack");
      // (A generator's wrapper handler may claim more than the stack
      // holds where its range runs past the loop; it only re-raises.)
      Slots handler(slots.begin(), slots.begin() + std::min<int>(entry.depth, int(slots.size())));
      handler.resize(entry.depth + (entry.lasti ? 2 : 1), 0);
      state_at_jump_ = handler;
      handler_target_ = true;
      reach_offset(i, entry.target);
      handler_target_ = false;
      break;
    }
    const int arg = instr.arg.value_or(0);
    if (name == "CACHE" || name == "EXTENDED_ARG") {
      reach(i + 1, slots);
      return;
    }
    auto top = [&](int position) -> char& {
      if (position < 1 || position > int(slots.size())) fail(i, "stack underflow");
      return slots[slots.size() - position];
    };
    Slots taken;  // the stack after a jump, where it differs
    bool jump_same = true;
    if (name == "GET_ITER") {
      top(1) = 0;
      slots.push_back(1);
    } else if (name == "PUSH_NULL" && next_is_for_iter(i)) {
      // all()/any()/tuple()/list()/set() of a generator expression inlined
      // (3.14+, ir/inlined_builtin_calls.cpp) loop over the generator itself,
      // the NULL its second slot.
      result_.drops[i] = 1;
      slots.push_back(1);
    } else if (name == "POP_TOP") {
      result_.drops[i] = top(1);
      slots.pop_back();
    } else if (name == "POP_ITER") {
      if (!top(1) || top(2)) fail(i, "POP_ITER without an iterator's two slots");
      slots.resize(slots.size() - 2);
    } else if (name == "SWAP") {
      if (top(1) || top(arg)) fail(i, "SWAP moving an iterator's second slot");
      result_.args[i] = compact_position(slots, 2, arg, i);
      std::swap(top(1), top(arg));
    } else if (name == "COPY") {
      if (top(arg)) fail(i, "COPY of an iterator's second slot");
      result_.args[i] = compact_position(slots, 1, arg, i);
      slots.push_back(0);
    } else if (name == "LIST_APPEND" || name == "SET_ADD" || name == "MAP_ADD") {
      const int popped = name == "MAP_ADD" ? 2 : 1;
      if (top(arg + popped)) fail(i, std::string(name) + " into an iterator's second slot");
      result_.args[i] = compact_position(slots, popped + 1, arg + popped, i) - popped;
      slots.resize(slots.size() - popped);
    } else {
      const OpcodeInfo& info = instr.table->info(instr.base_opcode);
      const int effect = stack_effect(info, arg, false);
      const int jump_effect = stack_effect(info, arg, true);
      if (effect == kNoStackEffect || jump_effect == kNoStackEffect)
        fail(i, "no stack effect for " + std::string(name));
      if (jump_effect != effect) {
        taken = slots;
        jump_same = false;
        resize(taken, jump_effect, i);
      }
      resize(slots, effect, i);
    }
    if (instr.jump_target && name != "END_ASYNC_FOR") {
      state_at_jump_ = jump_same ? slots : taken;
      reach_offset(i, *instr.jump_target);
    }
    if (!never_falls_through(name)) reach(i + 1, slots);
  }

  bool next_is_for_iter(int i) const {
    int next = i + 1;
    while (next < int(decoded_.size()) && (std::string_view(decoded_[next].base_opname()) == "CACHE" ||
                                           std::string_view(decoded_[next].base_opname()) == "EXTENDED_ARG"))
      ++next;
    return next < int(decoded_.size()) && std::string_view(decoded_[next].base_opname()) == "FOR_ITER";
  }

  // A net effect on the slots: what an instruction pops is gone, what it
  // pushes is a plain value.
  void resize(Slots& slots, int effect, int i) const {
    if (effect < 0 && -effect > int(slots.size())) fail(i, "stack underflow");
    if (effect < 0) slots.resize(slots.size() + effect);
    for (int k = 0; k < effect; ++k) slots.push_back(0);
  }

  const CodeObject& code_;
  const std::vector<Instruction>& decoded_;
  std::vector<ExceptionTableEntry> entries_;
  std::vector<int> index_at_offset_;
  std::vector<Slots> state_;
  std::vector<char> seen_;
  std::vector<int> work_;
  Slots state_at_jump_;
  bool handler_target_ = false;  // reach() is entering an exception handler
  IteratorSlotPairs result_;
};

}  // namespace

IteratorSlotPairs find_iterator_slot_pairs(const CodeObject& code, const std::vector<Instruction>& decoded) {
  bool has_iterator = false;
  for (const Instruction& instr : decoded) {
    const std::string_view name = instr.base_opname();
    has_iterator = has_iterator || name == "GET_ITER" || name == "FOR_ITER";
  }
  if (code.version.minor < 15 || !has_iterator) return {};
  return PairFinder(code, decoded).run();
}

}  // namespace depyf::ir
