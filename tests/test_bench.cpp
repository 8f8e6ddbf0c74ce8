// The benchmark runs and its results file parses: every figure present,
// positive and finite. (Timings themselves are never asserted.)
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <nlohmann/json.hpp>

#include "cli_runner.hpp"

namespace ripple {
namespace {

TEST(Bench, QuickRunWritesResultsThatParse) {
  const std::string file = RIPPLE_TEST_DATA_DIR "/bench_results.json";
  std::remove(file.c_str());
  // The binary under test is ripple-bench here.
  const test::RunResult r = test::runRipple({"--quick", "--json", file});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_NE(r.out.find("cell-updates/s"), std::string::npos) << r.out;

  std::ifstream in(file);
  const nlohmann::json j = nlohmann::json::parse(in);
  for (const char* key : {"date", "gl_renderer", "cpu", "cores", "memory_bandwidth_bytes_per_second"}) {
    EXPECT_TRUE(j.contains(key)) << key;
  }
  EXPECT_GT(j["memory_bandwidth_bytes_per_second"].get<double>(), 1e8);
  int gpuSteps = 0, cpuSteps = 0, frames = 0;
  for (const auto& row : j["results"]) {
    const double value = row["value"].get<double>();
    EXPECT_TRUE(std::isfinite(value) && value > 0) << row.dump();
    const std::string group = row["group"];
    gpuSteps += group == "gpu step";
    cpuSteps += group.rfind("cpu step", 0) == 0;
    frames += group == "whole frame";
    if (row.contains("share_of_bandwidth_bound")) {
      EXPECT_GT(row["share_of_bandwidth_bound"].get<double>(), 0);
    }
  }
  EXPECT_GE(gpuSteps, 2);  // two sizes, by each step path the driver has
  EXPECT_GE(cpuSteps, 2);
  EXPECT_EQ(frames, 2);  // the window's (1280x720) and the peer's
}

}  // namespace
}  // namespace ripple
