/** Texts of the upload and attachment components (namespace "files"). Limits come from the contracts, as {{max}}. */
export const filesTexts = {
  vi: {
    attachments: 'Tài liệu đính kèm', upload: 'Tải lên', uploadHint: 'Chọn hoặc kéo thả tệp vào đây',
    uploadLimits: 'Tối đa {{max}} MB mỗi tệp; ảnh chỉ nhận JPG, GIF hoặc PNG, tối đa {{imageMax}} MB',
    imageRule: 'Ảnh chỉ chấp nhận định dạng JPG, GIF hoặc PNG, dung lượng tối đa {{max}} MB',
    tooLarge: 'Tệp vượt quá dung lượng cho phép. Dung lượng tải lên tối đa {{max}} MB', emptyFile: 'Tệp rỗng, không thể tải lên',
    uploaded: 'Đã tải lên {{name}}', uploadFailed: 'Không tải lên được {{name}}: {{message}}',
    noFiles: 'Chưa có tài liệu đính kèm', download: 'Tải xuống', preview: 'Xem ảnh',
    deleteFileTitle: 'Xóa tệp "{{name}}"?', deleted: 'Đã xóa tệp', deleteFailed: 'Không xóa được tệp',
    downloadFailed: 'Không tải xuống được tệp', noUploadRight: 'Bạn chỉ có quyền xem tài liệu của bản ghi này.',
  },
  en: {
    attachments: 'Attachments', upload: 'Upload', uploadHint: 'Pick or drop files here',
    uploadLimits: 'Up to {{max}} MB per file; images only JPG, GIF or PNG, up to {{imageMax}} MB',
    imageRule: 'Images allowed: JPG, GIF or PNG with a maximum size of {{max}} MB',
    tooLarge: 'File size exceeded. Maximum upload size {{max}} MB', emptyFile: 'The file is empty and cannot be uploaded',
    uploaded: '{{name}} uploaded', uploadFailed: '{{name}} was not uploaded: {{message}}',
    noFiles: 'No attachments yet', download: 'Download', preview: 'Preview',
    deleteFileTitle: 'Delete the file "{{name}}"?', deleted: 'File deleted', deleteFailed: 'The file could not be deleted',
    downloadFailed: 'The file could not be downloaded', noUploadRight: 'You may only view the files of this record.',
  },
};
