import { defineTexts } from '../i18n';

/** Texts of the fewer-steps flow (issue 32 point 4): save and send, the approvers shown first, one status, checklists. */
export const useFlowTexts = defineTexts({
  saveAndSend: { vi: 'Lưu và gửi duyệt', en: 'Save and send for approval' },
  sendTitle: { vi: 'Gửi duyệt: {name}', en: 'Send for approval: {name}' },
  resendTitle: { vi: 'Gửi lại phê duyệt: {name}', en: 'Resubmit for approval: {name}' },
  sendConfirm: { vi: 'Lưu và gửi', en: 'Save and send' },
  sendOnly: { vi: 'Gửi duyệt', en: 'Send' },
  approversWillBe: { vi: 'Yêu cầu sẽ được gửi tới:', en: 'It will go to:' },
  levelN: { vi: 'Cấp {n}', en: 'Level {n}' },
  pickApprovers: {
    vi: 'Quy trình không chỉ định người phê duyệt: hãy chọn người phê duyệt.',
    en: 'The flow names no approver: choose who approves.',
  },
  savedAndSent: { vi: 'Đã lưu và gửi duyệt', en: 'Saved and sent for approval' },
  savedAndResent: { vi: 'Đã lưu và gửi lại phê duyệt', en: 'Saved and resubmitted for approval' },
  notSaved: { vi: 'Chưa lưu: {reason}', en: 'Not saved: {reason}' },
  status: { vi: 'Tình trạng', en: 'Status' },
  stage: { vi: 'Giai đoạn', en: 'Stage' },
  approval: { vi: 'Phê duyệt', en: 'Approval' },
  deleted: { vi: 'Đã xóa', en: 'Deleted' },
  toApprove: { vi: 'Nội dung cần phê duyệt', en: 'What you are approving' },
  tick: { vi: 'Đánh dấu xong: {name}', en: 'Mark done: {name}' },
  ticked: { vi: 'Đã đánh dấu xong', en: 'Marked done' },
  unticked: { vi: 'Đã bỏ đánh dấu', en: 'Marked not done' },
  'checklist.done': { vi: 'Đã xong mục kiểm tra: {name}', en: 'Checklist item done: {name}' },
  'checklist.undone': { vi: 'Bỏ đánh dấu mục kiểm tra: {name}', en: 'Checklist item reopened: {name}' },
  'checklist.added': { vi: 'Thêm mục kiểm tra: {name}', en: 'Checklist item added: {name}' },
  'checklist.removed': { vi: 'Xóa mục kiểm tra: {name}', en: 'Checklist item removed: {name}' },
  'checklist.changed': { vi: 'Sửa mục kiểm tra: {name}', en: 'Checklist item changed: {name}' },
});
