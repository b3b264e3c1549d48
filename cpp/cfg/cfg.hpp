// Control-flow graph over normalised IR: basic blocks, normal and
// exceptional edges, reachability, dominators, post-dominators and natural
// loops. Loops are back edges to a dominator, never "a jump backwards":
// 3.12+ place handlers and cold blocks after the code that reaches them.
#pragma once

#include <vector>

#include "ir/ir.hpp"

namespace depyf::cfg {

struct Block {
  int id = 0;
  int first = 0;  // instruction index range [first, last]
  int last = 0;
  std::vector<int> successors;    // normal flow: fall-through, jump targets
  std::vector<int> predecessors;  // normal flow
  int handler_block = -1;         // block that exceptions raised here go to
  bool reachable = false;         // from the entry by normal or exceptional flow
};

struct Loop {
  int header = 0;               // block id
  std::vector<int> latches;     // blocks with a back edge to the header
  std::vector<bool> contains;   // membership by block id
};

struct Graph {
  std::vector<Block> blocks;
  std::vector<int> block_of;  // instruction index -> block id
  std::vector<int> idom;      // immediate dominator (entry: itself; unreachable: -1)
  std::vector<int> ipdom;     // immediate post-dominator (-1: only the virtual exit)
  // The same where raising blocks are exits as well as returning ones: the
  // point where branches meet when a raising branch must not be ignored.
  std::vector<int> ipdom_any_exit;
  std::vector<Loop> loops;    // outermost first

  bool dominates(int a, int b) const;
  bool post_dominates(int a, int b) const;
  // The loop of the back edges from `latches` to `header` (which dominates them).
  Loop natural_loop(int header, const std::vector<int>& latches) const;
  // The loop whose header is `block`; null when it heads none.
  const Loop* loop_headed_by(int block) const {
    for (const Loop& loop : loops)
      if (loop.header == block) return &loop;
    return nullptr;
  }
};

Graph build_graph(const ir::Function& function);

}  // namespace depyf::cfg
