/**
 * The business service's own messages (vi/en): its rules on projects, suggestions, plans and contractor evaluations. The kit's catalogue (service-kit
 * i18n.ts) holds only what every service shares.
 */
import { defineMessages } from '@portal/service-kit';

export const businessMessages = defineMessages({
  plan_without_targets: {
    vi: 'Kế hoạch chưa có chỉ tiêu nào: hãy nhập chỉ tiêu theo tháng trước khi gửi phê duyệt',
    en: 'The plan has no targets yet: enter its monthly targets before sending it for approval',
  },
  plan_reopen_deadline: {
    vi: 'Kế hoạch đã hết hạn phê duyệt: hãy đặt hạn phê duyệt mới sau hôm nay để mở lại',
    en: 'The plan is past its approval deadline: give it a new one after today to reopen it',
  },
  project_probability_locked: {
    vi: 'Dự án đã trúng hoặc trượt thầu: khả năng trúng cố định ở {value}%',
    en: 'The project is won or lost: its win probability stays at {value}%',
  },
  suggestion_project_fixed: { vi: 'Không chuyển đề xuất sang dự án khác được', en: 'A suggestion cannot move to another project' },
  suggestion_project_closed: {
    vi: 'Dự án đã trúng, trượt thầu hoặc tạm dừng: không đề xuất được',
    en: 'The project is won, lost or paused: it cannot be suggested',
  },
  evaluation_fixed: {
    vi: 'Phiếu đánh giá đã có điểm tiêu chí: không đổi nhà thầu hay loại đánh giá được',
    en: 'The evaluation has scored items: its contractor and type stay',
  },
  evaluation_item_type: { vi: 'Tiêu chí không thuộc loại đánh giá của phiếu', en: "The item is not of the evaluation's type" },
  matrix_group_axis_fixed: {
    vi: 'Nhóm đã có tiêu chí được chấm điểm theo trục này: không đổi trục được',
    en: 'The group has criteria scored on this axis: its axis stays',
  },
  evaluation_line_fixed: {
    vi: 'Không đổi phiếu hay tiêu chí của một dòng điểm được: hãy xóa dòng và thêm lại',
    en: 'A line keeps its evaluation and item: delete it and add another',
  },
});

type BusinessMessages = typeof businessMessages;
declare module '@portal/service-kit' {
  // eslint-disable-next-line @typescript-eslint/no-empty-interface
  interface DomainMessages extends BusinessMessages {}
}
