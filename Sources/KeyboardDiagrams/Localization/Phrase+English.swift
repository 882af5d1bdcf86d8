/// Every piece of text a keyboard diagram draws, one key per phrase. `{1}`, `{2}` … are the
/// values put in (numbers, frames, API names, other phrases), in the order the code passes them.
enum Phrase: String, CaseIterable, Sendable {
    // Panels
    case beforeKeyboardUp, beforeKeyboardOffScreen, afterNotification, stepNotification
    case correctPanel, mistakePanel, harmlessPanel
    // Dimensions and annotations
    case safeAreaBottom, keyboardHeight, intersectionHeight, toolbarUp
    case beginFrame, endFrame, beginFrameBelowScreen, endFrameEmpty, endFrameOffScreen
    case splitKeyboardNoFrame, splitKeyboard, floatingKeyboardNoFrame, floatingKeyboard, toolbarWasHere
    case hiddenUnderKeyboard, hiddenShort, wastedGapPoints, gapShort, frameAsUsed, frameAsUsedShort
    // Badges, captions, header, computation
    case badgeShouldBe, badgeRightHereToo, captionBefore, classicMistake, deviceAndOrientation
    case stepResult, rightAndMistaken, rightAndMistakenAgree
    // Legend
    case legendOutsideSafeArea, legendKeyboard, legendIntersection, legendDimension, legendResult
    case legendHiddenContent, legendWastedGap
    // Strategies and orientations
    case strategyToolbar, strategyBottomOffset, strategyContentInset, strategyLayoutGuide
    case summaryToolbar, summaryBottomOffset, summaryContentInset, summaryLayoutGuide
    case orientationPortrait, orientationUpsideDown, orientationLandscapeLeft, orientationLandscape
    case iOS7ScreenCoordinates
    // Computation
    case endFrameInScreen, convertedIOS7, convertedSameOrigin, convertedPlaced
    case intersectionLine, noIntersectionLine, ignoredLine
    case bottomOffsetLine, bottomOffsetRestLine, eventIgnored, noIntersection
    case contentInsetLine, contentInsetZeroLine, resetOnHide, coversNone
    case toolbarMovedLine, toolbarStaysLine, layoutGuideLine, layoutGuideUndockedLine
    // Mistakes
    case titleForgotConversion, titleSafeAreaTwice, titleHeightNotIntersection, titleIgnoredIsLocal
    case mistakeGives, mistakeNoHarm
    case explainConversion, explainSafeAreaTwice, twiceTabBar, twiceSafeArea, explainHeight
    case explainOtherAppsKeyboard, explainOwnKeyboard
    case reasonSameOrigin, reasonIgnoredEitherWay, reasonCoverAlike
    case reasonNothingToSubtract, reasonCoversNone, reasonStopsAtZero
    case reasonHidingOrIgnored, reasonHeightIsIntersection, reasonSameHeights
    case reasonOtherAppCoversNone, reasonOwnKeyboard
    // Notes of a request
    case noteOffScreenFrame, noteGivenFrame, noteDockedPredictive, noteDockedNoPredictive
    // Filmstrip
    case filmstripTitle, curveSpring, curveOther, progressPercent, keyboardY
    case plotProgress, plotSamples, plotReportedDuration
    // Scenarios
    case scenarioHardwareTitle
    case scenarioHardwareNote
    case scenarioHardwareExpected
    case scenarioFloatingTitle
    case scenarioFloatingNote
    case scenarioFloatingExpected
    case scenarioSplitTitle
    case scenarioSplitNote
    case scenarioSplitExpected
    case scenarioFormSheetTitle
    case scenarioFormSheetNote
    case scenarioFormSheetExpected
    case scenarioSheetOverlapTitle
    case scenarioSheetOverlapNote
    case scenarioSheetOverlapExpected
    case scenarioSplitViewTitle
    case scenarioSplitViewNote
    case scenarioSplitViewExpected
    case scenarioTabBarTitle
    case scenarioTabBarNote
    case scenarioTabBarExpected
    case scenarioNotLocalTitle
    case scenarioNotLocalNote
    case scenarioNotLocalExpected
    case scenarioThirdPartyTitle
    case scenarioThirdPartyFirstNote
    case scenarioThirdPartySecondNote
    case scenarioThirdPartyFinalNote
    case scenarioThirdPartyExpected
    case scenarioRotationTitle
    case scenarioRotationPortraitNote
    case scenarioRotationLandscapeNote
    case scenarioRotationExpected
    case scenarioLegacyTitle
    case scenarioLegacyNote
    case scenarioLegacyExpected
    case scenarioHiddenTitle
    case scenarioHiddenNote
    case scenarioHiddenExpected

    static let english: [Phrase: String] = [
        .beforeKeyboardUp: "Before: the keyboard is up (begin frame)",
        .beforeKeyboardOffScreen: "Before: the keyboard is off screen (begin frame)",
        .afterNotification: "After {1}",
        .stepNotification: "Step {1}: {2}",
        .correctPanel: "Correct: {1} = {2}",
        .mistakePanel: "Mistake: {1}",
        .harmlessPanel: "Harmless here: {1}",

        .safeAreaBottom: "safe-area bottom {1}",
        .keyboardHeight: "keyboard height {1}",
        .intersectionHeight: "intersection {1}",
        .toolbarUp: "toolbar up {1}",
        .beginFrame: "begin frame {1}",
        .endFrame: "end frame {1}",
        .beginFrameBelowScreen: "begin frame {1}: below the screen",
        .endFrameEmpty: "end frame {1}: an empty rect",
        .endFrameOffScreen: "end frame {1}: off screen",
        .splitKeyboardNoFrame: "split keyboard (no frame reported)",
        .splitKeyboard: "split keyboard",
        .floatingKeyboardNoFrame: "floating keyboard (no frame reported)",
        .floatingKeyboard: "floating keyboard",
        .toolbarWasHere: "toolbar was here",
        .hiddenUnderKeyboard: "{1} pt hidden under the keyboard",
        .hiddenShort: "{1} pt hidden",
        .wastedGapPoints: "{1} pt wasted gap",
        .gapShort: "{1} pt gap",
        .frameAsUsed: "frame as the code used it {1}",
        .frameAsUsedShort: "used {1}",

        .badgeShouldBe: "{1} = {2}  (should be {3})",
        .badgeRightHereToo: "{1} = {2}  (right here too)",
        .captionBefore: "view.bounds {1}, safeAreaInsets.bottom = {2}.",
        .classicMistake: "Classic mistake: {1}. {2}",
        .deviceAndOrientation: "{1}, {2}.",
        .stepResult: "Step {1}: {2} → {3} = {4}",
        .rightAndMistaken: "Right: {1} = {2} · mistaken: {1} = {3}",
        .rightAndMistakenAgree: "Right and mistaken agree here: {1} = {2}. It matters in the {3} scenario.",

        .legendOutsideSafeArea: "outside the safe area",
        .legendKeyboard: "keyboard",
        .legendIntersection: "intersection with view.bounds",
        .legendDimension: "dimension (points)",
        .legendResult: "result of {1}",
        .legendHiddenContent: "content the keyboard hides",
        .legendWastedGap: "wasted gap",

        .strategyToolbar: "move the toolbar",
        .strategyBottomOffset: "bottom offset",
        .strategyContentInset: "content inset",
        .strategyLayoutGuide: "keyboard layout guide",
        .summaryToolbar: "The bottom toolbar moves up until it rests on the keyboard: by how much the keyboard covers it, not by the keyboard's height.",
        .summaryBottomOffset: "Apple's keyboardFrameEndUserInfoKey sample: a bottom constraint set to view.bounds.maxY − intersection.minY.",
        .summaryContentInset: "The text view keeps its frame; contentInset.bottom = overlap − safeAreaInsets.bottom, reset on hide.",
        .summaryLayoutGuide: "view.keyboardLayoutGuide (iOS 15): the toolbar is pinned to the guide's top, which follows docked keyboards only.",
        .orientationPortrait: "portrait",
        .orientationUpsideDown: "portrait upside down",
        .orientationLandscapeLeft: "landscape left",
        .orientationLandscape: "landscape",
        .iOS7ScreenCoordinates: "(iOS 7 screen coordinates)",

        .endFrameInScreen: "UIKeyboardFrameEndUserInfoKey = {1} in screen coordinates",
        .convertedIOS7: "view.convert(frame, from: nil) = {1} (undoes the un-rotated iOS 7 screen coordinates)",
        .convertedSameOrigin: "view.convert(frame, from: nil) = {1} (the view's origin is the window's, so the numbers stay)",
        .convertedPlaced: "view.convert(frame, from: nil) = {1} (view.frame {2} in the window)",
        .intersectionLine: "view.bounds {1} ∩ keyboard = {2}: overlap = {3} − {4} = {5}",
        .noIntersectionLine: "view.bounds {1} ∩ keyboard is empty: the keyboard covers none of the view",
        .ignoredLine: "isLocal == false: another app's keyboard, so the app ignores it and nothing moves",
        .bottomOffsetLine: "bottomOffset = view.bounds.maxY − intersection.minY = {1} − {2} = {3}",
        .bottomOffsetRestLine: "bottomOffset = safeAreaInsets.bottom = {1} ({2})",
        .eventIgnored: "event ignored",
        .noIntersection: "no intersection",
        .contentInsetLine: "contentInset.bottom = overlap − safeAreaInsets.bottom = {1} − {2} = {3}; scrollIndicatorInsets.bottom = {4}",
        .contentInsetZeroLine: "contentInset.bottom = 0 and scrollIndicatorInsets.bottom = 0 ({1})",
        .resetOnHide: "the reset on hide",
        .coversNone: "the keyboard covers none of the view",
        .toolbarMovedLine: "toolbar.frame {1} → {2}: moved up {3} to rest on the keyboard",
        .toolbarStaysLine: "toolbar.frame stays {1}: the keyboard does not reach it",
        .layoutGuideLine: "keyboardLayoutGuide.layoutFrame = {1}: top = {2} (never below the safe area, {3})",
        .layoutGuideUndockedLine: "undocked ({1}) keyboard: the guide stays at the safe-area bottom, top = {2}",

        .titleForgotConversion: "Forgot to convert the frame to view coordinates",
        .titleSafeAreaTwice: "Safe area subtracted twice",
        .titleHeightNotIntersection: "Keyboard height instead of the intersection",
        .titleIgnoredIsLocal: "Reacted to another app's keyboard (isLocal == false)",
        .mistakeGives: "gives {1} = {2} instead of {3}.",
        .mistakeNoHarm: "does no harm here ({1}): {2} = {3} either way.",
        .explainConversion: "Reading the reported frame {1} as view coordinates instead of {2} {3}",
        .explainSafeAreaTwice: "Subtracting {1} {2}",
        .twiceTabBar: "the tab bar height {1} although safeAreaInsets.bottom ({2}) already contains it",
        .twiceSafeArea: "the bottom safe area {1} a second time",
        .explainHeight: "Using the keyboard height {1} instead of the {2}-pt intersection with the view {3}",
        .explainOtherAppsKeyboard: "This keyboard belongs to another app (isLocal == false); reacting to it {1}",
        .explainOwnKeyboard: "Checking isLocal changes nothing here: {1}.",
        .reasonSameOrigin: "the view starts at the window's origin, so screen and view coordinates agree",
        .reasonIgnoredEitherWay: "the notification is ignored (isLocal == false) either way",
        .reasonCoverAlike: "the converted and the unconverted frame cover the view alike",
        .reasonNothingToSubtract: "there is no bottom safe area or tab bar to subtract",
        .reasonCoversNone: "the keyboard covers none of the view, so nothing is subtracted",
        .reasonStopsAtZero: "the value stops at 0 either way",
        .reasonHidingOrIgnored: "the keyboard is hiding or ignored, so both reset",
        .reasonHeightIsIntersection: "the whole keyboard is on screen over the view's bottom, so its height is the intersection",
        .reasonSameHeights: "both heights give the same {1}",
        .reasonOtherAppCoversNone: "the other app's keyboard covers none of this view",
        .reasonOwnKeyboard: "the keyboard is this app's own (isLocal == true)",

        .noteOffScreenFrame: "The keyboard frame {1} is entirely off screen: the keyboard is hiding.",
        .noteGivenFrame: "Keyboard frame given as {1}.",
        .noteDockedPredictive: "Docked keyboard with the predictive bar.",
        .noteDockedNoPredictive: "Docked keyboard without the predictive bar.",

        .filmstripTitle: "Keyboard animation, {1} frames: {2} · {3}",
        .curveSpring: "Curve {1} is the keyboard's spring (mass {2}, stiffness {3}, critically damped, ω = √({3}/{2}) ≈ {4}/s): p(t) = 1 − (1 + ωt)·e^(−ωt). It runs {5} s whatever the notification's duration ({6} s) says.",
        .curveOther: "Curve {1} ({2}) over the reported {3} s.",
        .progressPercent: "progress {1} %",
        .keyboardY: "keyboard y = {1}",
        .plotProgress: "progress of the keyboard's frame",
        .plotSamples: "● sampled frames above",
        .plotReportedDuration: "┆ reported duration {1} s",

        .scenarioHardwareTitle: "Hardware keyboard: only the shortcut bar is on screen",
        .scenarioHardwareNote: "The frame keeps the full {1}-pt height but only {2} pt are on screen.",
        .scenarioHardwareExpected: "Use the intersection: bottomOffset = {1} (the shortcut bar). Code that uses the frame's height ({2}) leaves a large empty gap above the bar.",
        .scenarioFloatingTitle: "Floating iPad keyboard",
        .scenarioFloatingNote: "Undocking to the floating keyboard reports an empty end frame (CGRect.zero).",
        .scenarioFloatingExpected: "The empty frame intersects nothing: bottomOffset falls back to the safe-area bottom ({1}), insets reset, and the layout guide stays on the safe area (followsUndockedKeyboard is false by default) while the small keyboard floats over the content.",
        .scenarioSplitTitle: "Split iPad keyboard",
        .scenarioSplitNote: "Splitting undocks the keyboard; UIKit posts willHide with an off-screen end frame.",
        .scenarioSplitExpected: "The app sees a hide: bottomOffset returns to the safe-area bottom ({1}) and insets reset to 0 although the two halves cover the sides of the view; only a layout guide with followsUndockedKeyboard = true would track them.",
        .scenarioFormSheetTitle: "Form sheet that ends above the keyboard",
        .scenarioFormSheetNote: "The {1} x {2} sheet ends at y = {3}; the keyboard starts at {4}.",
        .scenarioFormSheetExpected: "No intersection, so nothing moves: bottomOffset is the sheet's safe-area bottom (0). Code that uses the keyboard height pushes the content up by {1} for nothing.",
        .scenarioSheetOverlapTitle: "Centred form sheet whose bottom the keyboard covers",
        .scenarioSheetOverlapNote: "The sheet sits at {1} in the window.",
        .scenarioSheetOverlapExpected: "After converting to the sheet's coordinates the keyboard covers its bottom {1} pt: bottomOffset = {1}. Without the conversion the screen frame misses the sheet's bounds and the offset stays 0; using the height gives {2}.",
        .scenarioSplitViewTitle: "Split View / Slide Over column: keyboard wider than the view",
        .scenarioSplitViewNote: "The app is the {1}-pt column on the right; the keyboard spans all {2} pt.",
        .scenarioSplitViewExpected: "In view coordinates the keyboard starts at x = {1} and is wider than the view; the intersection is the view's width, and bottomOffset = {2}.",
        .scenarioTabBarTitle: "Text view in a tab bar controller",
        .scenarioTabBarNote: "safeAreaInsets.bottom = {1} home indicator + {2} tab bar = {3}.",
        .scenarioTabBarExpected: "contentInset.bottom = {1} - {2} = {3}. Subtracting the tab bar again counts it twice and leaves {4} pt of text under the keyboard.",
        .scenarioNotLocalTitle: "Another app's keyboard (isLocal == false)",
        .scenarioNotLocalNote: "The app in the other Split View column is typing; this app gets the notification too.",
        .scenarioNotLocalExpected: "Ignore it: bottomOffset stays at the safe-area bottom ({1}). Reacting would move this app's content up by {2} for a keyboard it does not own.",
        .scenarioThirdPartyTitle: "Third-party keyboard posting several frames",
        .scenarioThirdPartyFirstNote: "First willShow: height 0 while the extension loads.",
        .scenarioThirdPartySecondNote: "willChangeFrame: {1} pt.",
        .scenarioThirdPartyFinalNote: "willChangeFrame: the extension settles at {1} pt.",
        .scenarioThirdPartyExpected: "Observe willChangeFrame and recompute from every end frame: bottomOffset goes 0, {1}, {2}. Code that reads only the first willShow keeps 0.",
        .scenarioRotationTitle: "Rotation with the keyboard up",
        .scenarioRotationPortraitNote: "Portrait: the iPhone 7 frames logged in a 2017 public post.",
        .scenarioRotationLandscapeNote: "After rotating: the landscape frames of the same post.",
        .scenarioRotationExpected: "Recompute from each end frame in the new orientation: the overlap goes from {1} to {2}. Moving a toolbar by ±height from wherever it is (as a 2017 public post does) drifts on rotation, which is why that post dismisses the keyboard when the device turns.",
        .scenarioLegacyTitle: "iOS 7 landscape: frames in un-rotated screen coordinates ({1})",
        .scenarioLegacyNote: "Reported as {1}: size {{2}, {3}} as a 2013 public post logged it on iOS 7.",
        .scenarioLegacyExpected: "view.convert(frame, from: window) turns it into {1}: bottomOffset = {2}. Reading the raw frame as if it were rotated puts a keyboard {3} wide and {4} tall on the view.",
        .scenarioHiddenTitle: "Keyboard hiding on a Face ID iPhone",
        .scenarioHiddenNote: "willHide: the end frame is below the screen.",
        .scenarioHiddenExpected: "Off screen means hidden: bottomOffset = safeAreaInsets.bottom ({1}), contentInset.bottom resets to 0, the toolbar returns above the home indicator.",
    ]
}
