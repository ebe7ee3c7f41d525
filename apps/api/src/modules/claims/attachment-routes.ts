import { CLAIM_ATTACHMENT_TYPES, claimAttachmentParamsSchema } from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Executor } from '../../db/client';
import { claimAttachmentFile, sendAttachment } from './attachments';

type App = Parameters<FastifyPluginAsyncZod>[0];

/**
 * `GET …/{id}/attachments/{attachmentId}` (the file as sent) and `…/thumbnail` (a picture's WebP
 * thumbnail, 404 for a PDF file): the customer's routes and the staff's, which differ in who may
 * ask and whose claims they see (`companyIdOf`: the caller's company, or null for staff).
 */
export function attachmentDownloadRoutes(
  app: App,
  options: {
    db: Executor;
    tags: string[];
    preValidation: (request: FastifyRequest) => Promise<void>;
    companyIdOf: (request: FastifyRequest) => string | null;
  },
) {
  const { db, tags, preValidation, companyIdOf } = options;
  const parts = [
    {
      part: 'file',
      url: '/:id/attachments/:attachmentId',
      summary: 'The content of a photo or file sent with the claim',
      produces: [...CLAIM_ATTACHMENT_TYPES],
    },
    {
      part: 'thumbnail',
      url: '/:id/attachments/:attachmentId/thumbnail',
      summary: "A picture's thumbnail (WebP, at most 480 pixels a side); 404 for a PDF file",
      produces: ['image/webp'],
    },
  ] as const;
  for (const { part, url, summary, produces } of parts) {
    app.get(
      url,
      {
        preValidation,
        schema: {
          tags,
          security: [{ bearer: [] }],
          summary,
          params: claimAttachmentParamsSchema,
          produces: [...produces],
        },
      },
      async (request, reply) => {
        const { id, attachmentId } = request.params;
        const file = await claimAttachmentFile(db, id, attachmentId, companyIdOf(request), part);
        return sendAttachment(reply, file);
      },
    );
  }
}
