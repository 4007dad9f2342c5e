// The timeline's view: zoomed about a frame, panned, kept inside the clock, remapped when the clock
// changes, paging after the playhead. Exact values.
#include <gtest/gtest.h>

#include <limits>

#include "model/timeline_view.hpp"

namespace bvhscope {
namespace {

void expect_view(const TimelineView& view, double first, double last, bool zoomed) {
  EXPECT_EQ(view.first(), first);
  EXPECT_EQ(view.last(), last);
  EXPECT_EQ(view.zoomed(), zoomed);
}

TimelineView view_of(std::size_t frames) {
  TimelineView view;
  view.set_timeline(frames, 0.0, 0.25);
  return view;
}

TEST(TimelineView, ShowsTheWholeClockUntilZoomed) {
  TimelineView view = view_of(101);
  expect_view(view, 0.0, 100.0, false);
  view.set_timeline(201, 0.0, 0.25);  // a clip loaded: still everything
  expect_view(view, 0.0, 200.0, false);
  view.set_timeline(1, 0.0, 0.25);  // one frame (or none): frames 0 to 1
  expect_view(view, 0.0, 1.0, false);
  view.set_timeline(0, 0.0, 0.25);
  expect_view(view, 0.0, 1.0, false);
  view.pan(10.0);  // nothing to pan
  expect_view(view, 0.0, 1.0, false);
}

TEST(TimelineView, ZoomsAboutTheAnchorWithinTheMinimumSpanAndTheClock) {
  TimelineView view = view_of(101);
  view.zoom(4.0, 50.0);
  expect_view(view, 37.5, 62.5, true);
  view.zoom(2.0, 40.0);  // 40 stays a tenth across
  expect_view(view, 38.75, 51.25, true);
  view.zoom(4.0, 40.0);  // at most 10 frames: 40 still a tenth across
  EXPECT_DOUBLE_EQ(view.first(), 39.0);
  EXPECT_DOUBLE_EQ(view.last(), 49.0);
  view.zoom(0.5, 44.0);  // out, about 44 (half across)
  EXPECT_DOUBLE_EQ(view.first(), 34.0);
  EXPECT_DOUBLE_EQ(view.last(), 54.0);
  view.zoom(0.001, 44.0);  // out past the whole clock: unzoomed
  expect_view(view, 0.0, 100.0, false);
  // At the ends the anchor stays there; zooming out near an end stops at it.
  view.zoom(4.0, 0.0);
  expect_view(view, 0.0, 25.0, true);
  view.zoom(0.5, 20.0);  // 20 - 0.8 × 50 < 0: moved back to frame 0
  expect_view(view, 0.0, 50.0, true);
  view.fit();
  view.zoom(4.0, 100.0);
  expect_view(view, 75.0, 100.0, true);
  view.zoom(2.0, 500.0);  // an anchor past the view is taken at its end
  expect_view(view, 87.5, 100.0, true);
  view.zoom(2.0, std::numeric_limits<double>::quiet_NaN());
  view.zoom(-2.0, 90.0);
  expect_view(view, 87.5, 100.0, true);
  EXPECT_EQ(view.fraction_of(90.0), 0.2);
  EXPECT_EQ(view.frame_at(0.5), 93.75);
}

TEST(TimelineView, ShortClocksZoomToTheirLength) {
  TimelineView view = view_of(21);  // 20 frames long: at most twice
  view.zoom(4.0, 10.0);
  expect_view(view, 5.0, 15.0, true);
  view = view_of(6);  // shorter than the minimum span: no zoom
  EXPECT_EQ(view.min_span(), 5.0);
  view.zoom(2.0, 2.0);
  expect_view(view, 0.0, 5.0, false);
  view = view_of(1);  // one frame
  EXPECT_EQ(view.min_span(), 1.0);
  view.zoom(8.0, 0.0);
  expect_view(view, 0.0, 1.0, false);
}

TEST(TimelineView, PansWithinTheClock) {
  TimelineView view = view_of(101);
  view.zoom(4.0, 50.0);
  view.pan(10.0);
  expect_view(view, 47.5, 72.5, true);
  view.pan(-7.25);
  expect_view(view, 40.25, 65.25, true);
  view.pan(1000.0);
  expect_view(view, 75.0, 100.0, true);
  view.pan(-1000.0);
  expect_view(view, 0.0, 25.0, true);
  view.pan(std::numeric_limits<double>::infinity());
  expect_view(view, 0.0, 25.0, true);
}

TEST(TimelineView, AZoomedViewKeepsItsRangeWhenTheClockChanges) {
  TimelineView view = view_of(101);
  view.zoom(4.0, 50.0);               // [37.5, 62.5]
  view.set_timeline(201, 0.0, 0.25);  // longer: the same range
  expect_view(view, 37.5, 62.5, true);
  view.set_timeline(51, 0.0, 0.25);  // shorter: moved back inside
  expect_view(view, 25.0, 50.0, true);
  view.set_timeline(21, 0.0, 0.25);  // shorter than the span: everything, unzoomed
  expect_view(view, 0.0, 20.0, false);
  view.set_timeline(201, 0.0, 0.25);  // and it follows the clock again
  expect_view(view, 0.0, 200.0, false);
}

TEST(TimelineView, AZoomedViewKeepsShowingTheSameSeconds) {
  TimelineView view = view_of(201);  // frames 0.25 s apart from 0 s
  view.zoom(10.0, 0.0);              // frames [0, 20]
  view.pan(40.0);                    // [40, 60]: 10 s to 15 s
  expect_view(view, 40.0, 60.0, true);
  view.set_timeline(211, -2.5, 0.25);  // a clip moved 2.5 s earlier: the clock starts there
  expect_view(view, 50.0, 70.0, true);
  view.set_timeline(841, -2.5, 0.0625);  // another clip active, 4 times the frame rate
  expect_view(view, 200.0, 280.0, true);
  view.set_timeline(801, 0.0, 0.0625);  // back to starting at 0 s
  expect_view(view, 160.0, 240.0, true);
  view.set_timeline(801, 0.0, 0.0);  // a bad frame time is ignored
  expect_view(view, 160.0, 240.0, true);
  view.set_timeline(201, 0.0, 0.25);  // a zoomed-out view unzooms when it covers everything
  view.zoom(0.25, 50.0);              // [10, 90]
  view.pan(10.0);
  expect_view(view, 20.0, 100.0, true);
  view.set_timeline(51, 0.0, 1.0);  // 80 frames of 0.25 s are 20 frames of 1 s: [5, 25]
  expect_view(view, 5.0, 25.0, true);
  view.set_timeline(21, 0.0, 1.0);
  expect_view(view, 0.0, 20.0, false);
}

TEST(TimelineView, PagesAfterThePlayheadThatLeavesIt) {
  TimelineView view = view_of(201);
  view.zoom(10.0, 0.0);
  view.pan(40.0);  // [40, 60]
  view.follow(50.0, true, true);
  expect_view(view, 40.0, 60.0, true);
  view.follow(60.0, true, true);  // the last frame in view: stays
  expect_view(view, 40.0, 60.0, true);
  view.follow(60.5, true, true);  // left it forwards: starts at the playhead
  expect_view(view, 60.5, 80.5, true);
  view.follow(0.5, true, true);  // a loop back to the start
  expect_view(view, 0.5, 20.5, true);
  view.follow(0.25, true, false);  // backwards out of it: ends at the playhead (within the clock)
  expect_view(view, 0.0, 20.0, true);
  view.follow(195.0, true, true);  // a jump forwards near the end: kept inside the clock
  expect_view(view, 180.0, 200.0, true);
  view.follow(150.0, true, false);  // backwards: ends at the playhead
  expect_view(view, 130.0, 150.0, true);
  // Paused, a step or jump out of view pages too.
  view.follow(150.0, false, true);
  view.follow(151.0, false, true);
  expect_view(view, 151.0, 171.0, true);
}

TEST(TimelineView, AViewMovedAwayFromThePlayheadStaysUntilItComesBack) {
  TimelineView view = view_of(201);
  view.zoom(10.0, 10.0);  // [9, 29] with the playhead at 10
  view.follow(10.0, true, true);
  view.pan(91.0);  // the user looks elsewhere while it plays
  expect_view(view, 100.0, 120.0, true);
  view.follow(11.0, true, true);
  view.follow(99.0, true, true);
  expect_view(view, 100.0, 120.0, true);
  view.follow(101.0, true, true);  // it comes into view...
  view.follow(121.0, true, true);  // ...and leaves it: pages
  expect_view(view, 121.0, 141.0, true);
  // Paused and panned away, the view stays; playback starting brings it to the playhead.
  view.follow(125.0, false, true);
  view.pan(-100.0);
  view.follow(125.0, false, true);
  expect_view(view, 21.0, 41.0, true);
  view.follow(125.5, true, true);
  expect_view(view, 125.5, 145.5, true);
  // Zooming about the mouse keeps following when the playhead stays in view.
  view.zoom(2.0, 125.5);
  view.follow(126.0, true, true);
  view.follow(200.0, true, true);
  EXPECT_EQ(view.last(), 200.0);
  // Unzoomed, the view never moves.
  view.fit();
  view.follow(5.0, true, true);
  expect_view(view, 0.0, 200.0, false);
}

}  // namespace
}  // namespace bvhscope
